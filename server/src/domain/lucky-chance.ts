import type { LuckyChance, LuckyChanceForm } from '@promo/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { luckyChanceForecasts, promotions } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { assertRunning } from './promotions.ts';
import { unixSeconds } from './time.ts';

type Executor = Database | Transaction;

/** A promotion with a featured match (its call to action's opponent pair): the one to forecast. */
async function forecastMatch(
  db: Executor,
  promoId: number,
): Promise<{ row: typeof promotions.$inferSelect; oppId: number }> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, promoId), eq(promotions.published, true)));
  const oppId = (row?.content as { cta?: { oppId?: number } } | undefined)?.cta?.oppId;
  if (!row || oppId === undefined) throw httpError(404, `Promotion ${promoId} has no match to forecast`, 'not_found');
  return { row, oppId };
}

const toAnswer = (row: typeof luckyChanceForecasts.$inferSelect): LuckyChance => ({
  promoId: row.promotionId,
  oppId: row.oppId,
  home: row.home,
  away: row.away,
  madeAt: unixSeconds(row.createdAt),
});

/** GET: the player's forecast in a promotion, or null. */
export async function luckyChanceOf(db: Executor, promoId: number, userId: number) {
  await forecastMatch(db, promoId);
  const [row] = await db
    .select()
    .from(luckyChanceForecasts)
    .where(and(eq(luckyChanceForecasts.promotionId, promoId), eq(luckyChanceForecasts.userId, userId)));
  return { forecast: row ? toAnswer(row) : null };
}

/** POST LuckyChanceForm: one forecast per player and promotion, while it runs; a second is a 409. */
export async function makeForecast(tx: Transaction, form: LuckyChanceForm, userId: number, now = new Date()) {
  const { row, oppId } = await forecastMatch(tx, form.promoId);
  assertRunning(row, now);
  const inserted = await tx
    .insert(luckyChanceForecasts)
    .values({ promotionId: form.promoId, userId, oppId, home: form.home, away: form.away, createdAt: now })
    .onConflictDoNothing()
    .returning();
  const [made] = inserted;
  if (!made) throw httpError(409, 'You have made your forecast for this match already', 'already_forecast');
  return { forecast: toAnswer(made) };
}
