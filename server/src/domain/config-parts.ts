import { CONFIG_PART_SCHEMAS, type ConfigPart, type ConfigPartName } from '@promo/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { SiteConfigInvalidError } from './site-config.ts';

/** The site_settings key of a config part. */
export const configPartKey = (name: string): string => `part.${name}`;

/**
 * One config part as stored, checked against its contract schema (an operator may have broken the
 * row); null when the part has no row.
 */
export async function loadConfigPart<N extends ConfigPartName>(db: Database, name: N): Promise<ConfigPart<N> | null> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, configPartKey(name)));
  if (!row) return null;
  const parsed = CONFIG_PART_SCHEMAS[name].safeParse(row.value);
  if (!parsed.success) {
    throw new SiteConfigInvalidError(
      parsed.error.issues.map((i) => `${name}.${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  return parsed.data as ConfigPart<N>;
}
