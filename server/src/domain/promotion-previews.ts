import { createHash } from 'node:crypto';
import { PROMO_TEXT_LANGUAGES, type PromoContent, type Promotion, promoDraftSchema } from '@promo/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { promotionPreviews, promotionVersions } from '../db/schema.ts';
import { promotionRows } from './promotion-rows.ts';
import { toPayload } from './promotions.ts';

/** A preview link shows its version for an hour. */
export const PREVIEW_TTL_MS = 60 * 60_000;

/** Preview tokens are kept hashed: the table alone opens nothing. */
export const previewTokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * The version a live preview link names, as the frame's promotion page reads it: the same payload a
 * published promotion has, from that version's content. A language the draft has no texts in yet
 * shows the first it has. Null when the link is unknown or expired, or the version has no texts.
 */
export async function previewPromotion(
  db: Database,
  token: string,
  options: { language?: string; currency?: string; now?: Date } = {},
): Promise<Promotion | null> {
  const now = options.now ?? new Date();
  const [row] = await db
    .select({ content: promotionVersions.content })
    .from(promotionPreviews)
    .innerJoin(
      promotionVersions,
      and(eq(promotionVersions.slug, promotionPreviews.slug), eq(promotionVersions.version, promotionPreviews.version)),
    )
    .where(and(eq(promotionPreviews.tokenHash, previewTokenHash(token)), gt(promotionPreviews.expiresAt, now)));
  if (!row) return null;
  const draft = promoDraftSchema.parse(row.content);
  const first = PROMO_TEXT_LANGUAGES.map((language) => draft.texts[language]).find((texts) => texts !== undefined);
  if (!first) return null;
  const en = draft.texts.en ?? first;
  const content: PromoContent = { ...draft, texts: { en, ru: draft.texts.ru ?? en, ar: draft.texts.ar ?? en } };
  // A draft may name no id yet: the page reads its id only for its actions, which a preview cannot take.
  const [projected] = promotionRows({ ...content, ids: content.ids.length > 0 ? content.ids : [0] }, now.getTime());
  if (!projected) return null;
  return toPayload({ ...projected, published: true }, now, options.language, options.currency);
}
