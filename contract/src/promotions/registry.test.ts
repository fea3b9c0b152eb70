import { expect, test } from 'vitest';
import { PROMO_REGISTRY } from './registry.ts';
import { isExpired, isTimeLimited, promoSlugOfId, resolvePromo } from './resolve.ts';

/** Spec 2's names, verbatim (the two patterns are resolved, not listed). */
const SPEC_NAMES =
  `two-hundred-percentage, barcelona-first-deposit, daily-tournament, fast-games, volleyball-arena-challenge, baseball, valorant-rush, lucky-friday, become-legend, goalless-football, no-risk-bet, formula-one, luckyday, landing-cricket-bonus, landing-bonus-200, landing-bonus-150, landing-bonus-120, landing-beatus, landing-1x-wheel-of-fortune, jackpot-of-week, express-fight, bonus200, betting-awards, evasfavorites, daily-bonus, esportsera, online-casino, cricket, landing-cricket-dep-bonus, crash-tournament, spin-wheel, cricket-free-bet, basketball-first-deposit, basketball-bonus, nba-basketball-bonus, casino-sport-welcome-bonus, candyworks, wheel-bet, hot-streak, winners, sticker-hunt, mlb-2024, prize-league, uly-dala-sport, uly-dala-sport-broadcast, 1st, wow-promo, olympic-free-bet, 1xpunch, sports-stream, aviator-2024, jeton-way, in-pursuit-of-the-scudetto, lucky-league, gold-of-champions, gold-of-champions-broadcast, fortunes-quest, pr-freebet, loss-refund-bet, double-chance, codename-psg, halloween-2024, nba-2025, barca-accelerate, black-freeday, new-year-mission, license, giftbox-hunt, cricket-cash-run, grand-slam-tournaments, lunar-luck, clutch-book, crypto-miracle, crownbet, indian-league-carnival, hunt-the-thimble, big-match-2025, psl-2025, identification-bonus, evaginarium, special-cricket-offer, live-casino`.split(
    ', ',
  );

test('the registry has exactly one row per spec name', () => {
  expect(PROMO_REGISTRY.map((entry) => entry.name)).toEqual(SPEC_NAMES);
});

test('about 100 numeric ids map to slugs, each id once, several ids sharing a page', () => {
  const ids = PROMO_REGISTRY.flatMap((entry) => entry.ids);
  expect(ids.length).toBeGreaterThanOrEqual(90);
  expect(new Set(ids).size).toBe(ids.length);
  expect(PROMO_REGISTRY.some((entry) => entry.ids.length > 1)).toBe(true);
  expect(promoSlugOfId(137)).toBe('spin-wheel');
  expect(promoSlugOfId(138)).toBe('spin-wheel');
  expect(promoSlugOfId(99_999)).toBeUndefined();
});

test('the spec expiry examples are kept (Moscow time)', () => {
  const expiry = (name: string) => new Date((resolvePromo(name)?.entry.expireTime ?? 0) * 1000).toISOString();
  expect(expiry('fast-games')).toBe('2025-06-20T18:59:00.000Z');
  expect(expiry('volleyball-arena-challenge')).toBe('2025-12-31T20:59:00.000Z');
  expect(expiry('hot-streak')).toBe('2024-10-07T20:59:00.000Z');
  for (const entry of PROMO_REGISTRY.filter(isTimeLimited)) {
    const date = new Date((entry.expireTime ?? 0) * 1000).toISOString();
    expect(date >= '2024-08' && date < '2026-01', entry.name).toBe(true);
  }
});

test('shared pages use one template with options', () => {
  const template = (name: string) => resolvePromo(name)?.entry.template;
  expect(new Set(['landing-bonus-200', 'landing-bonus-150', 'landing-bonus-120'].map(template))).toEqual(
    new Set(['deposit-bonus']),
  );
  expect(new Set(['no-risk-bet', 'loss-refund-bet', 'double-chance'].map(template))).toEqual(new Set(['free-bet']));
  expect(resolvePromo('landing-bonus-150')?.entry.options).toMatchObject({ percent: 150 });
  expect(template('lucky-league')).toBe(template('gold-of-champions'));
  expect(template('uly-dala-sport-broadcast')).toBe('broadcast');
});

test('a segment resolves by name, alias, numeric id, pattern or any slug the server may know; anything else is unknown', () => {
  expect(resolvePromo('spin-wheel')).toMatchObject({ entry: { name: 'spin-wheel' }, serverKey: '137' });
  expect(resolvePromo('super-wheel')?.entry.name).toBe('spin-wheel');
  expect(resolvePromo('halloween')?.entry.name).toBe('halloween-2024');
  expect(resolvePromo('171')).toMatchObject({ entry: { name: 'halloween-2024' }, serverKey: '171' });
  expect(resolvePromo('summer-page')).toMatchObject({ entry: { template: 'info' }, serverKey: 'summer-page' });
  expect(resolvePromo('champions-cup')).toMatchObject({
    entry: { template: 'tournament' },
    serverKey: 'champions-cup',
  });
  // An operator's promotion (issue 40): the server knows it by its slug or id, or answers 404.
  for (const published of ['summer-free-bet', 'nope', 'x-page-2', '904']) {
    expect(resolvePromo(published), published).toMatchObject({ serverKey: published });
  }
  for (const unknown of ['', 'UPPER-case', '../x', 'a--b', '-a', 'x'.repeat(65), 'a b']) {
    expect(resolvePromo(unknown), unknown).toBeUndefined();
  }
});

test('time-limited means not long-term and an expiry; expired once it has passed', () => {
  const fast = resolvePromo('fast-games')?.entry;
  const daily = resolvePromo('daily-tournament')?.entry;
  if (!fast || !daily) throw new Error('registry rows missing');
  expect(isTimeLimited(fast)).toBe(true);
  expect(isTimeLimited(daily)).toBe(false);
  expect(isExpired(fast, Date.parse('2025-06-20T18:58:59Z'))).toBe(false);
  expect(isExpired(fast, Date.parse('2025-06-20T18:59:00Z'))).toBe(true);
  expect(isExpired(daily, Date.parse('2030-01-01T00:00:00Z'))).toBe(false);
});
