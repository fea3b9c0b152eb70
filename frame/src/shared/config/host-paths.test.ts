import { HOST_MESSAGE_PAYLOADS } from '@promo/contract';
import { afterEach, expect, test, vi } from 'vitest';
import {
  allGamesEntrancePath,
  bettingPath,
  bonusPath,
  fastGamesPath,
  informationPath,
  OFFICE_SECTIONS,
  officePath,
  promoStorePath,
  promotionPath,
  THIRD_PARTY_SECTIONS,
  thirdPartyPath,
} from './index.ts';

afterEach(() => vi.restoreAllMocks());

/** Spec 2's third-party sections, verbatim. */
const SPEC_THIRD_PARTY_SECTIONS =
  'slots, casino, tvGames, virtualSports, bingo, poker, scratchCards, lobby, keno, crashGames, tournaments, liveCasino, search, favorites, myCasino, recommendedGames, tournament, tournamentResults, tournamentPrizes, special, asianGames, cardGames, skillGames, authorization'.split(
    ', ',
  );

/** Spec 3's sport ids and the betting path segment each names. */
const SPEC_SPORTS: Array<[number, string]> = [
  [1, 'football'],
  [2, 'ice-hockey'],
  [4, 'tennis'],
  [26, 'formula-1'],
  [40, 'esports'],
  [66, 'cricket'],
  [85, 'fifa'],
  [3, 'basketball'],
  [18, 'motorsport'],
];

/** Every built message must pass the protocol's own payload schema. */
const valid = (message: { type: keyof typeof HOST_MESSAGE_PAYLOADS; data: unknown }) =>
  HOST_MESSAGE_PAYLOADS[message.type].safeParse(message.data).success;

test('betting: pageType, section, menuSection and the sport segment', () => {
  const message = bettingPath({ pageType: 'line', section: 'sport', menuSection: 'top', sportId: 66 });
  expect(message).toEqual({ type: 'betting', data: { path: '/line/sport/top/cricket' } });
  expect(valid(message)).toBe(true);
  expect(bettingPath({ section: 'live', sportId: 1 }).data.path).toBe('/live/football');
  expect(bettingPath({ section: 'live' }).data.path).toBe('/live');
});

test.each(SPEC_SPORTS)('every spec sport id has its path segment: %i is /%s', (sportId, segment) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(bettingPath({ section: 'line', sportId }).data.path).toBe(`/line/${segment}`);
  expect(warn).not.toHaveBeenCalled();
});

test('betting: an explicit path overrides the parts', () => {
  expect(bettingPath({ path: '/line/special', section: 'live', sportId: 4 }).data.path).toBe('/line/special');
});

test('betting: an unknown sport id is left out with a warning', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(bettingPath({ section: 'line', sportId: 999 }).data.path).toBe('/line');
  expect(warn).toHaveBeenCalledWith('Missing sport path for sportId 999');
});

test('all games entrance with an optional suffix', () => {
  expect(allGamesEntrancePath().data.path).toBe('/allgamesentrance');
  expect(allGamesEntrancePath('top').data.path).toBe('/allgamesentrance/top');
});

test('bonus: default page rules, optional category', () => {
  expect(bonusPath().data.path).toBe('/bonus/rules');
  const message = bonusPath('welcome', 'sport');
  expect(message.data).toEqual({ path: '/bonus/welcome?category=sport', category: 'sport' });
  expect(valid(message)).toBe(true);
});

test('fast games with optional game and productid', () => {
  expect(fastGamesPath().data.path).toBe('/fast-games');
  expect(fastGamesPath('crash', '42').data.path).toBe('/fast-games?game=crash&productid=42');
  expect(valid(fastGamesPath('crash', '42'))).toBe(true);
});

test('information with an optional page', () => {
  expect(informationPath().data.path).toBe('/information');
  expect(informationPath('rules').data.path).toBe('/information/rules');
});

test('office pages; recharge opens the top-up dialog instead', () => {
  expect(officePath('account')).toEqual({ type: 'office', data: { path: '/office/account' } });
  expect(officePath('recharge')).toEqual({ type: 'topUp', data: { path: '/office/recharge' } });
  expect(valid(officePath('recharge'))).toBe(true);
});

test('promotion pages live under /promotions', () => {
  expect(promotionPath('spin-wheel').data.path).toBe('/promotions/spin-wheel');
  expect(promotionPath('a b/c').data.path).toBe('/promotions/a%20b/c');
});

test('third-party: explicit path, or /{section} defaulting to slots, with a query', () => {
  expect(thirdPartyPath({}).data.path).toBe('/slots');
  expect(thirdPartyPath({ section: 'liveCasino', query: { game: 7 } })).toEqual({
    type: 'casino',
    data: { path: '/liveCasino?game=7' },
  });
  expect(thirdPartyPath({ path: '/slots/providers/x' }).data.path).toBe('/slots/providers/x');
  for (const section of THIRD_PARTY_SECTIONS) expect(valid(thirdPartyPath({ section }))).toBe(true);
});

test("the third-party and office sections are the spec's, each a host path of its own", () => {
  expect(THIRD_PARTY_SECTIONS).toEqual(SPEC_THIRD_PARTY_SECTIONS);
  for (const section of THIRD_PARTY_SECTIONS) expect(thirdPartyPath({ section }).data.path).toBe(`/${section}`);
  expect(OFFICE_SECTIONS).toEqual(['recharge', 'bringfriend', 'account', 'identification']);
  for (const section of OFFICE_SECTIONS) expect(officePath(section).data.path).toBe(`/office/${section}`);
});

test('promo store', () => {
  expect(promoStorePath()).toEqual({ type: 'promoStore', data: { path: '/promo' } });
});

test('no builder can produce a path that leaves the host site', () => {
  expect(valid(promotionPath('//evil.example'))).toBe(true);
  expect(promotionPath('//evil.example').data.path).toBe('/promotions/evil.example');
  expect(valid(informationPath('https://evil.example'))).toBe(true);
  expect(informationPath('https://evil.example').data.path.startsWith('/information/')).toBe(true);
});
