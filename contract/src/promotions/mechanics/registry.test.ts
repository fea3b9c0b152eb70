import { expect, test } from 'vitest';
import { promoContentSchema } from '../content.ts';
import {
  assertRegistered,
  MECHANICS,
  mechanicOf,
  mechanicsShowing,
  PROMO_MECHANICS,
  PROMO_TEMPLATES,
  PROMO_WIDGETS,
  promoWidgets,
  registryGaps,
} from './index.ts';

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
  expect(mechanicsShowing('take-daily-bonus')).toEqual(['daily-gift']);
  expect(mechanicsShowing('take-lucky-ticket')).toEqual(['daily-draw']);
  expect(mechanicsShowing('promo-credits')).toEqual([
    'no-risk-bet',
    'loss-refund',
    'double-chance',
    'identification-bonus',
  ]);
});

test('the names, templates and widgets are the registry’s, each once', () => {
  expect(PROMO_MECHANICS).toHaveLength(23);
  expect(new Set(PROMO_MECHANICS).size).toBe(PROMO_MECHANICS.length);
  expect([...PROMO_TEMPLATES].sort()).toEqual(
    [
      'bet-series',
      'broadcast',
      'deposit-bonus',
      'free-bet',
      'hunt',
      'info',
      'lucky-day',
      'prize-wheel',
      'tournament',
    ].sort(),
  );
  expect(PROMO_WIDGETS).toHaveLength(12);
  expect(PROMO_WIDGETS.at(-1)).toBe('casino-games');
});

test.each(MECHANICS.map((mechanic) => [mechanic.name, mechanic] as const))(
  '%s: its dictionary keys follow its name, its prizes by step only for a ladder or streak',
  (name, mechanic) => {
    const id = name.replace(/-/g, '_');
    expect(mechanic.kicker).toBe(`promo_kicker_${id}`);
    expect(mechanic.rules).toEqual([`promo_mech_${id}_1`, `promo_mech_${id}_2`]);
    expect(mechanic.prizeBasis).toBe(mechanic.template === 'bet-series' ? 'step' : 'place');
    expect(mechanicOf(name)).toBe(mechanic);
  },
);

test('a half-registered mechanic fails: missing from a workspace, or there and not in the contract', () => {
  expect(() => assertRegistered('server', PROMO_MECHANICS, PROMO_MECHANICS)).not.toThrow();
  const half = PROMO_MECHANICS.filter((name) => name !== 'win-streak');
  expect(registryGaps(PROMO_MECHANICS, half)).toEqual({ missing: ['win-streak'], unknown: [] });
  expect(() => assertRegistered('server', PROMO_MECHANICS, half)).toThrow(
    'The server mechanic registry is out of step with the contract: win-streak not registered',
  );
  expect(() => assertRegistered('frame', PROMO_WIDGETS, [...PROMO_WIDGETS, 'scratch-card'])).toThrow(
    'scratch-card is not in the contract',
  );
});

test('a content file sets only the terms its mechanic reads', () => {
  const content = {
    slug: 'spin-and-win',
    ids: [1],
    mechanic: 'prize-wheel',
    product: 'casino',
    currencyCode: 'USD',
    schedule: { starts: '-1d', ends: null },
    prizes: [],
    terms: { minDeposit: '10', percent: 100 },
    cta: { to: 'lotto' },
    hero: { art: 'wheel', accent: '#112233' },
    texts: Object.fromEntries(
      ['en', 'ru', 'ar'].map((language) => [
        language,
        {
          title: 'Spin',
          summary: 'Spin the wheel',
          about: ['About it'],
          rules: ['A rule'],
          faq: [{ q: 'Qq', a: 'Aa' }],
        },
      ]),
    ),
  };
  const refused = promoContentSchema.safeParse(content);
  expect(refused.success).toBe(false);
  expect(refused.error?.issues).toEqual([
    expect.objectContaining({ path: ['terms', 'percent'], message: 'prize-wheel reads no percent' }),
  ]);
  expect(promoContentSchema.safeParse({ ...content, terms: { minDeposit: '10' } }).success).toBe(true);
});
