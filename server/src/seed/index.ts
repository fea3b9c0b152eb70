import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { dictionaryEntries, languages, siteSettings } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { configPartKey } from '../domain/config-parts.ts';
import { ensureDrawKey } from '../domain/lucky-day.ts';
import { seedCms } from './cms.ts';
import { seedConfigParts } from './config-parts.ts';
import { seedDemoHistory } from './demo-history.ts';
import { disableDemoStaff, seedDemoStaff } from './demo-staff.ts';
import { revokeDemoPlayers, seedDemoUsers } from './demo-users.ts';
import { seedGames } from './games.ts';
import { localeDictionaries, localeEntries } from './locales.ts';
import { seedLottoTickets } from './lotto.ts';
import { seedPromotions } from './promotions.ts';
import { seedRivals } from './rivals.ts';
import { seedLanguages, seedSettings } from './site-settings.ts';

/** Seeded dictionaries by language code, from the locale files (server/locales/<language>/<namespace>.json). */
export const seedDictionaries: Record<string, Record<string, string>> = localeDictionaries();

/**
 * Writes the catalogue (languages, dictionaries, config, promotions, games, CMS pages) and, with
 * `demo`, the demo players, their histories and tickets and the leaderboards' rivals (settings'
 * seedDemo: never in production unless asked twice). Idempotent: seeded rows are upserted, rows an
 * operator added are kept, so a restart never loses data and never duplicates it. Without `demo`,
 * the demo players a database kept from a demo run can no longer sign in (revokeDemoPlayers): their
 * logins are returned.
 */
export async function seed(db: Database, { demo }: { demo: boolean }): Promise<{ revoked: string[] }> {
  await transaction(db, async (tx) => {
    await tx
      .insert(languages)
      .values(seedLanguages)
      .onConflictDoUpdate({
        target: languages.id,
        set: { code: sql`excluded.code`, title: sql`excluded.title`, sortOrder: sql`excluded.sort_order` },
      });
    await tx
      .insert(dictionaryEntries)
      .values(localeEntries())
      .onConflictDoUpdate({
        target: [dictionaryEntries.langCode, dictionaryEntries.key],
        set: { value: sql`excluded.value`, unit: sql`excluded.unit` },
      });
    await tx
      .insert(siteSettings)
      .values([
        ...Object.entries(seedSettings).map(([key, value]) => ({ key, value })),
        ...Object.entries(seedConfigParts).map(([name, value]) => ({ key: configPartKey(name), value })),
      ])
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
  });
  await seedPromotions(db);
  await seedGames(db);
  await seedCms(db);
  // The key the draws' seeds come from, made once per database: reading a draw writes nothing.
  await ensureDrawKey(db);
  if (!demo) return { revoked: [...(await revokeDemoPlayers(db)), ...(await disableDemoStaff(db))] };
  await seedDemoUsers(db);
  await seedDemoStaff(db);
  await seedRivals(db);
  await seedDemoHistory(db);
  await seedLottoTickets(db);
  return { revoked: [] };
}
