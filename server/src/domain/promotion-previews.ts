import { createHash } from 'node:crypto';
import { PROMO_TEXT_LANGUAGES, type PromoContent, promoDraftSchema } from '@promo/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { promotionPreviews, promotionVersions } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { promotionRows } from './promotion-rows.ts';

/** A preview link shows its version for an hour. */
export const PREVIEW_TTL_MS = 60 * 60_000;

/** Preview tokens are kept hashed: the table alone opens nothing. */
export const previewTokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * The content of the version a live preview link names, whole: a language the draft has no texts in
 * yet shows the first it has. Null when the link is unknown or expired, or the version has no texts.
 */
async function previewContent(db: Database | Transaction, token: string, now: Date): Promise<PromoContent | null> {
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
  return { ...draft, texts: { en, ru: draft.texts.ru ?? en, ar: draft.texts.ar ?? en } };
}

/**
 * The rows of `promotions` a live preview link's version would be published as, one per id, read
 * for the request that asks and kept nowhere (decision 042). A draft that names no id yet gets id 0,
 * which no widget's read can ask for. Null when the link is unknown or expired.
 */
export async function previewRows(db: Database | Transaction, token: string, now = new Date()) {
  const content = await previewContent(db, token, now);
  if (!content) return null;
  const ids = content.ids.length > 0 ? content.ids : [0];
  return promotionRows({ ...content, ids }, now.getTime()).map((row) => ({ ...row, published: true }));
}
