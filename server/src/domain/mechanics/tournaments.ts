import { type Settlement, toDecimal } from '@promo/contract';
import { utcDay } from '../time.ts';
import { type FedPromo, type FeedRule, inCurrency, outcomeOf } from './feed-batch.ts';

/** Tournament points: stake x odds for a bet; the payout (cash-out multiplier x stake) for a round. */
export function pointsOf(promo: Pick<FedPromo, 'currencyCode'>, item: Settlement): string {
  const stake = inCurrency(item.stake, item.currency, promo.currencyCode);
  if (item.kind === 'round') return inCurrency(item.payout, item.currency, promo.currencyCode);
  return toDecimal(stake).times(toDecimal(item.odds)).round(2).toFixed(2);
}

/** Points for the day to a player who had joined before the bet or round settled. */
const scorePoints: FeedRule['apply'] = (batch, promo, item, key) => {
  const since = batch.joinedAt.get(key);
  if (!since || since > item.at) return false;
  // A crashed round earns nothing; a void or cashed-out bet risked nothing to earn points with.
  const outcome = outcomeOf(item);
  if (item.kind === 'round' ? outcome === 'lost' : outcome === 'void') return false;
  const day = utcDay(item.at);
  const scoreKey = `${key}:${day}`;
  const score = batch.scores.get(scoreKey) ?? {
    promotionId: promo.id,
    userId: item.playerId,
    day,
    points: '0',
    tickets: 0,
  };
  score.points = toDecimal(score.points)
    .plus(toDecimal(pointsOf(promo, item)))
    .toFixed(2);
  score.tickets += 1;
  batch.scores.set(scoreKey, score);
  return true;
};

/** Settled sport bets score. */
export const sportTournamentFeed: FeedRule = { reads: 'participants', apply: scorePoints };
/** Casino rounds of its games score. */
export const casinoTournamentFeed: FeedRule = { reads: 'participants', rounds: {}, apply: scorePoints };
/** Crash rounds score (of the crash games unless its terms name others). */
export const crashTournamentFeed: FeedRule = {
  reads: 'participants',
  rounds: { defaultGames: 'crash' },
  apply: scorePoints,
};
