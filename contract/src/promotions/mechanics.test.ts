import { expect, test } from 'vitest';
import { promoMechanics } from './mechanics.ts';
import { PROMO_REGISTRY, type PromoEntry, type PromoTemplate } from './registry.ts';

const entry = (template: PromoTemplate, options: PromoEntry['options'] = {}): PromoEntry => ({
  name: 'x',
  template,
  options,
  label: 'x',
  isLongTerm: true,
  groupRefId: 1,
  ids: [1],
  aliases: [],
});

test.each([
  [entry('prize-wheel'), ['spin-wheel']],
  [entry('deposit-bonus'), ['activate-bonus']],
  [entry('deposit-bonus', { firstBonusChoice: true }), ['choose-first-bonus']],
  [entry('free-bet', { games: 'evasfavorites' }), ['take-daily-bonus', 'casino-games']],
  [entry('info', { topic: 'license' }), []],
  [entry('info', { games: 'evaginarium' }), ['casino-games']],
])('%j shows %j', (promo, mechanics) => {
  expect(promoMechanics(promo)).toEqual(mechanics);
});

test('every template but info has a mechanic', () => {
  for (const promo of PROMO_REGISTRY) {
    expect(promoMechanics(promo).length > 0 || promo.template === 'info').toBe(true);
  }
});
