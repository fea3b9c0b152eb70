import {
  mechanicsShowing,
  type PromoCredit,
  type PromoCredits,
  type RefundWeek,
  toDecimal,
  trimMoney,
} from '@promo/contract';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { promoCredits, promotions, settlements, users } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { activeCurrency } from './bonuses.ts';
import { convertSums, currencyDigits } from './currencies.ts';
import { assertRunning, promotionTerms } from './promotions.ts';
import { DAY_MS, unixSeconds } from './time.ts';

type Executor = Database | Transaction;
type Row = typeof promotions.$inferSelect;

/** The mechanics whose page shows what the player was credited. */
const CREDITED: readonly string[] = mechanicsShowing('promo-credits');
/** How long after a week ends its refund is settled (promo_timing_after_period says within 24 h). */
const REFUND_GRACE_MS = DAY_MS;
/** Closed weeks looked back on when refunds are settled (an older week was settled back then). */
const REFUND_WEEKS_BACK = 4;

/** Monday 00:00 UTC of the week holding `date`. */
export function weekStart(date: Date): Date {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS);
}

const usdTo = (amount: string, currencyCode: string) =>
  convertSums([amount], 'USD', currencyCode, currencyDigits(currencyCode)).sums[0] ?? '0';

/** A week's net loss and its refund (percent, up to the maximum), in dollars. */
function refundOfWeek(promo: Row, staked: string, returned: string): { netLoss: string; refund: string } {
  const terms = promotionTerms(promo);
  const net = toDecimal(staked).minus(toDecimal(returned));
  const netLoss = net.gt(0) ? net.toFixed(2) : '0.00';
  const share = toDecimal(netLoss)
    .times(terms.refundPercent ?? 0)
    .div(100);
  const max = terms.maxRefund
    ? (convertSums([terms.maxRefund], promo.currencyCode, 'USD', 2).sums[0] ?? terms.maxRefund)
    : null;
  const refund = max !== null && share.gt(toDecimal(max)) ? toDecimal(max) : share;
  return { netLoss, refund: refund.round(2, 0).toFixed(2) };
}

/** Sports bets of the loss refund's terms between two times, summed per player and week, in dollars. */
function weeklySums(db: Executor, promo: Row, from: Date, to: Date, userId?: number) {
  const terms = promotionTerms(promo);
  const minStake = terms.minStake ? (convertSums([terms.minStake], promo.currencyCode, 'USD', 2).sums[0] ?? '0') : '0';
  const week = sql<string>`to_char(date_trunc('week', ${settlements.settledAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({
      userId: settlements.userId,
      week,
      staked: sql<string>`sum(${settlements.stakeUsd})::numeric(14,2)::text`,
      returned: sql<string>`sum(${settlements.payoutUsd})::numeric(14,2)::text`,
    })
    .from(settlements)
    .where(
      and(
        eq(settlements.kind, 'bet'),
        gte(settlements.settledAt, from),
        lt(settlements.settledAt, to),
        gte(settlements.stakeUsd, minStake),
        userId === undefined ? undefined : eq(settlements.userId, userId),
      ),
    )
    .groupBy(settlements.userId, week);
}

/**
 * Credits the loss refunds of weeks closed a day ago or more (the last few): a week's refund is a
 * share of its net loss, once per player and week (occasion `week:<Monday>`), in the player's
 * active currency.
 * Run every hour and before a player's credits are read; a repeat credits nothing new.
 */
export async function settleLossRefunds(db: Executor, now = new Date(), userId?: number): Promise<number> {
  // A week is settled a day after it ends: bets of its last minutes reach the feed in that day.
  const current = weekStart(new Date(now.getTime() - REFUND_GRACE_MS));
  const refunds = await db.select().from(promotions).where(eq(promotions.mechanic, 'loss-refund'));
  let credited = 0;
  for (const promo of refunds) {
    const from = new Date(Math.max(promo.startsAt.getTime(), current.getTime() - REFUND_WEEKS_BACK * 7 * DAY_MS));
    const to = new Date(Math.min(current.getTime(), promo.endsAt?.getTime() ?? Number.POSITIVE_INFINITY));
    if (from >= to) continue;
    const weeks = (await weeklySums(db, promo, from, to, userId)).filter((row) =>
      toDecimal(refundOfWeek(promo, row.staked, row.returned).refund).gt(0),
    );
    for (const row of weeks) {
      const currencyCode = await activeCurrency(db, row.userId);
      const inserted = await db
        .insert(promoCredits)
        .values({
          promotionId: promo.id,
          userId: row.userId,
          occasion: `week:${row.week}`,
          kind: 'freebet',
          amount: usdTo(refundOfWeek(promo, row.staked, row.returned).refund, currencyCode),
          currencyCode,
        })
        .onConflictDoNothing()
        .returning({ id: promoCredits.id });
      credited += inserted.length;
    }
  }
  return credited;
}

/** This week so far, in the player's currency. */
async function runningWeek(db: Executor, promo: Row, userId: number, now: Date): Promise<RefundWeek> {
  const from = weekStart(now);
  const [sums] = await weeklySums(db, promo, from, now, userId);
  const currencyCode = await activeCurrency(db, userId);
  const staked = sums?.staked ?? '0.00';
  const returned = sums?.returned ?? '0.00';
  const { netLoss, refund } = refundOfWeek(promo, staked, returned);
  return {
    from: unixSeconds(from),
    to: unixSeconds(new Date(from.getTime() + 7 * DAY_MS)),
    staked: usdTo(staked, currencyCode),
    returned: usdTo(returned, currencyCode),
    netLoss: usdTo(netLoss, currencyCode),
    refund: usdTo(refund, currencyCode),
    currencyCode,
  };
}

const reasonOf = (occasion: string): PromoCredit['reason'] =>
  occasion === 'first-single'
    ? 'cover'
    : occasion.startsWith('day:')
      ? 'one-leg'
      : occasion.startsWith('week:')
        ? 'week'
        : occasion.startsWith('step:')
          ? 'step'
          : 'claim';

async function creditedPromotion(db: Executor, promotionId: number): Promise<Row> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, promotionId));
  if (!row || !CREDITED.includes(row.mechanic)) {
    throw httpError(404, `Promotion ${promotionId} credits nothing from settled bets`, 'not_found');
  }
  return row;
}

/** GET credits: what the player was credited by this promotion, and where the player stands. */
export async function promoCreditsOf(
  db: Executor,
  promotionId: number,
  userId: number,
  now = new Date(),
): Promise<PromoCredits> {
  const promo = await creditedPromotion(db, promotionId);
  if (promo.mechanic === 'loss-refund') await settleLossRefunds(db, now, userId);
  const rows = await db
    .select()
    .from(promoCredits)
    .where(and(eq(promoCredits.promotionId, promotionId), eq(promoCredits.userId, userId)))
    .orderBy(desc(promoCredits.createdAt), desc(promoCredits.id));
  const cover = rows.find((row) => row.occasion === 'first-single');
  const [user] =
    promo.mechanic === 'identification-bonus'
      ? await db.select({ verifiedAt: users.identityVerifiedAt }).from(users).where(eq(users.id, userId))
      : [];
  return {
    cover:
      promo.mechanic === 'no-risk-bet' ? (cover ? (toDecimal(cover.amount).gt(0) ? 'refunded' : 'won') : 'open') : null,
    week: promo.mechanic === 'loss-refund' ? await runningWeek(db, promo, userId, now) : null,
    identity:
      promo.mechanic === 'identification-bonus'
        ? { verified: Boolean(user?.verifiedAt), claimed: rows.some((row) => row.occasion === 'claim') }
        : null,
    items: rows
      .filter((row) => toDecimal(row.amount).gt(0))
      .map((row) => ({
        id: row.id,
        kind: row.kind as PromoCredit['kind'],
        amount: trimMoney(row.amount),
        currencyCode: row.currencyCode,
        creditedAt: unixSeconds(row.createdAt),
        reason: reasonOf(row.occasion),
        weekOf: row.occasion.startsWith('week:') ? unixSeconds(new Date(`${row.occasion.slice(5)}T00:00:00Z`)) : null,
      })),
  };
}

/**
 * POST claim: the verification reward, once per verified account, in the player's currency while
 * the promotion runs. Not verified is a 403, taken before a 409.
 */
export async function claimReward(tx: Transaction, promotionId: number, userId: number, now = new Date()) {
  const promo = await creditedPromotion(tx, promotionId);
  if (promo.mechanic !== 'identification-bonus') throw httpError(404, 'Nothing to claim here', 'not_claimable');
  assertRunning(promo, now);
  const [user] = await tx.select({ verifiedAt: users.identityVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!user?.verifiedAt) throw httpError(403, 'Verify your account first', 'not_verified');
  const [prize] = promo.prizes as Array<{ kind: string; amount: string }>;
  const currencyCode = await activeCurrency(tx, userId);
  const amount = convertSums([prize?.amount ?? '0'], promo.currencyCode, currencyCode, currencyDigits(currencyCode))
    .sums[0];
  const inserted = await tx
    .insert(promoCredits)
    .values({
      promotionId,
      userId,
      occasion: 'claim',
      kind: prize?.kind ?? 'freebet',
      amount: amount ?? '0',
      currencyCode,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: promoCredits.id });
  if (inserted.length === 0) throw httpError(409, 'You have taken this reward already', 'already_claimed');
  return promoCreditsOf(tx, promotionId, userId, now);
}

/** PUT identity from the operator: the check passed (kept from the first time) or was withdrawn. */
export async function setIdentity(db: Executor, playerId: number, verified: boolean, now = new Date()) {
  const updated = await db
    .update(users)
    .set({
      identityVerifiedAt: verified
        ? sql`coalesce(${users.identityVerifiedAt}, ${now.toISOString()}::timestamptz)`
        : null,
    })
    .where(eq(users.id, playerId))
    .returning({ id: users.id, verifiedAt: users.identityVerifiedAt });
  const [row] = updated;
  if (!row) throw httpError(422, `Unknown player ${playerId}`, 'unknown_player');
  return {
    playerId,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt ? unixSeconds(row.verifiedAt) : null,
  };
}
