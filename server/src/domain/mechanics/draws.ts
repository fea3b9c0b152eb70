import { nextDrawAt } from '../jackpot.ts';
import { type FeedRule, inCurrency } from './feed-batch.ts';

/**
 * One ticket per qualifying bet, in the draw after it settled; a bet posted after that draw plays
 * the next one (a drawn week never changes).
 */
export const weeklyJackpotFeed: FeedRule = {
  apply(batch, promo, item) {
    batch.tickets.push({
      promotionId: promo.id,
      drawAt: nextDrawAt(promo, batch.history || item.at > batch.now ? item.at : batch.now),
      userId: item.playerId,
      settlementId: item.rowId,
      stakeUsd: inCurrency(item.stake, item.currency, 'USD'),
    });
    return true;
  },
};
