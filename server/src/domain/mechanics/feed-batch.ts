import { type PromoMechanic, type PromoTerms, type Settlement, toDecimal } from '@promo/contract';
import type { jackpotTickets, promoCredits, promotions } from '../../db/schema.ts';
import { convertSums, currencyDigits } from '../currencies.ts';

/** A running promotion the operator feed may move. */
export type FedPromo = Pick<
  typeof promotions.$inferSelect,
  'id' | 'startsAt' | 'endsAt' | 'currencyCode' | 'prizes' | 'content'
> & {
  mechanic: PromoMechanic;
  terms: PromoTerms;
};
/** A posted item with its row id and its money in the promotion's terms. */
export type Fed = Settlement & { rowId: number; at: Date; collections: readonly string[] };

/** One player's place on a ladder or streak. */
export interface SeriesRow {
  promotionId: number;
  userId: number;
  current: number;
  best: number;
}
/** One player's points and tickets of a tournament day. */
export interface ScoreRow {
  promotionId: number;
  userId: number;
  day: string;
  points: string;
  tickets: number;
}

/**
 * What one batch of the feed has read and what it will write: the rules add to it, the feed
 * writes it once at the end. Keys are `${promotionId}:${playerId}`.
 */
export interface FeedBatch {
  now: Date;
  /** The seed's history: each item counts as posted when it settled. */
  history: boolean;
  /** When each player joined each running tournament. */
  joinedAt: ReadonlyMap<string, Date>;
  /** The ladders and streaks of the batch's players. */
  progress: Map<string, SeriesRow>;
  /** Each player's active account's currency. */
  activeCurrencies: ReadonlyMap<number, string>;
  scores: Map<string, ScoreRow>;
  credits: Array<typeof promoCredits.$inferInsert>;
  tickets: Array<typeof jackpotTickets.$inferInsert>;
}

/**
 * What a mechanic does with a settled bet or round that qualifies for one of its promotions (its
 * kind, sport, stake and odds checked already). Returns whether the promotion moved.
 */
export interface FeedRule {
  /** What the feed reads for the batch's players before the rule runs. */
  reads?: 'participants' | 'progress';
  /** Casino rounds count, not bets: of its games, or of this collection when its terms name none. */
  rounds?: { defaultGames?: string };
  apply(batch: FeedBatch, promo: FedPromo, item: Fed, key: string): boolean;
}

export const gte = (a: string, b: string) => toDecimal(a).gte(toDecimal(b));
/** An amount of one currency in another, rounded to the target's digits. */
export const inCurrency = (amount: string, from: string, to: string): string =>
  convertSums([amount], from, to, currencyDigits(to)).sums[0] ?? '0';
const minOf = (a: string, b: string) => (toDecimal(a).lte(toDecimal(b)) ? a : b);

/** Won: paid more than staked; lost: paid nothing; anything else (void, cash-out at par) is neither. */
export const outcomeOf = (item: Pick<Settlement, 'stake' | 'payout'>): 'won' | 'lost' | 'void' =>
  toDecimal(item.payout).gt(toDecimal(item.stake)) ? 'won' : toDecimal(item.payout).eq(0) ? 'lost' : 'void';

/**
 * A free bet of the stake, up to the promotion's maximum, in the bet's currency; 0 when the
 * occasion passes without a refund (the covered bet won).
 */
export function stakeBack(
  promo: FedPromo,
  item: Fed,
  occasion: string,
  refunded: boolean,
): typeof promoCredits.$inferInsert {
  const max = promo.terms.maxRefund ? inCurrency(promo.terms.maxRefund, promo.currencyCode, item.currency) : item.stake;
  const digits = currencyDigits(item.currency);
  return {
    promotionId: promo.id,
    userId: item.playerId,
    occasion,
    kind: 'freebet',
    amount: refunded ? toDecimal(minOf(item.stake, max)).round(digits).toFixed(digits) : '0',
    currencyCode: item.currency,
    settlementId: item.rowId,
  };
}
