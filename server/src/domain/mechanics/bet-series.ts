import type { FedPromo, FeedRule } from './feed-batch.ts';
import { inCurrency, outcomeOf } from './feed-batch.ts';

const stepPrize = (promo: FedPromo, step: number) =>
  (promo.prizes as Array<{ places: string; kind: string; amount: string }>).find(
    (prize) => prize.places === String(step),
  );

/**
 * A won bet moves the player a step up (a lost one back to 0, a void one changes nothing); the
 * step's prize is credited as it is reached.
 */
export const betSeriesFeed: FeedRule = {
  reads: 'progress',
  apply(batch, promo, item, key) {
    const outcome = outcomeOf(item);
    if (outcome === 'void') return false;
    const row = batch.progress.get(key) ?? { promotionId: promo.id, userId: item.playerId, current: 0, best: 0 };
    row.current = outcome === 'won' ? row.current + 1 : 0;
    row.best = Math.max(row.best, row.current);
    batch.progress.set(key, row);
    const prize = outcome === 'won' ? stepPrize(promo, row.current) : undefined;
    if (prize) {
      // Money in the player's active account's currency: a cash step lands on that account.
      const money = prize.kind === 'cash' || prize.kind === 'freebet' || prize.kind === 'bonus';
      const currency = batch.activeCurrencies.get(item.playerId) ?? item.currency;
      batch.credits.push({
        promotionId: promo.id,
        userId: item.playerId,
        occasion: `step:${row.current}`,
        kind: prize.kind,
        amount: money ? inCurrency(prize.amount, promo.currencyCode, currency) : prize.amount,
        currencyCode: money ? currency : promo.currencyCode,
        settlementId: item.rowId,
      });
    }
    return true;
  },
};
