import { expect, test } from 'vitest';
import { PROMO_MECHANICS } from './content.ts';
import { promoWidgets } from './mechanics.ts';

test.each([
  ['prize-wheel', undefined, ['spin-wheel']],
  ['deposit-match', undefined, ['activate-bonus']],
  ['welcome-choice', undefined, ['choose-first-bonus']],
  ['daily-gift', undefined, ['take-daily-bonus']],
  ['featured-free-spins', 'evasfavorites', ['casino-games']],
  ['casino-tournament', 'evaginarium', ['leaderboard', 'casino-games']],
  ['crash-tournament', 'crash', ['leaderboard']],
  ['no-risk-bet', undefined, ['promo-credits']],
  ['identification-bonus', undefined, ['promo-credits']],
  ['goalless-refund', undefined, []],
  ['weekly-jackpot', undefined, ['weekly-jackpot']],
  ['info', undefined, []],
] as const)('%s (games %s) shows %j', (mechanic, games, widgets) => {
  expect(promoWidgets(mechanic, games)).toEqual(widgets);
});

test('only the daily gift shows the daily gift, and only the daily draw takes lucky tickets', () => {
  const showing = (widget: string) => PROMO_MECHANICS.filter((m) => promoWidgets(m).includes(widget as never));
  expect(showing('take-daily-bonus')).toEqual(['daily-gift']);
  expect(showing('take-lucky-ticket')).toEqual(['daily-draw']);
  expect(showing('promo-credits')).toEqual(['no-risk-bet', 'loss-refund', 'double-chance', 'identification-bonus']);
});
