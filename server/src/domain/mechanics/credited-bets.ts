import { utcDay } from '../time.ts';
import { type FeedRule, outcomeOf, stakeBack } from './feed-batch.ts';

/**
 * The first qualifying single that wins or loses is the covered one; a later one is not covered,
 * and a void one leaves the cover for the next.
 */
export const noRiskBetFeed: FeedRule = {
  apply(batch, promo, item) {
    const outcome = outcomeOf(item);
    if (outcome === 'void') return false;
    batch.credits.push(stakeBack(promo, item, 'first-single', outcome === 'lost'));
    return true;
  },
};

/** An accumulator lost by one leg: its stake back, once a day. */
export const doubleChanceFeed: FeedRule = {
  apply(batch, promo, item) {
    if (item.kind !== 'bet' || item.lostLegs !== 1) return false;
    batch.credits.push(stakeBack(promo, item, `day:${utcDay(item.at)}`, true));
    return true;
  },
};
