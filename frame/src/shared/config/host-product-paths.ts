/**
 * Host paths of products and the account (spec 2 "Paths built for the host site"): built only by
 * promotion pages and CMS blocks, so they load with them instead of with the entry (host-paths.ts
 * has the footer's).
 */
import { join, withQuery } from './host-paths.ts';

/** Spec 3 sport ids (and the promotions' others: baseball, volleyball, MMA) and their path segments. */
export const SPORT_SEGMENTS: Readonly<Record<number, string>> = {
  5: 'baseball',
  6: 'volleyball',
  56: 'mma',
  1: 'football',
  2: 'ice-hockey',
  3: 'basketball',
  4: 'tennis',
  18: 'motorsport',
  26: 'formula-1',
  40: 'esports',
  66: 'cricket',
  85: 'fifa',
};

export const THIRD_PARTY_SECTIONS = [
  'slots',
  'casino',
  'tvGames',
  'virtualSports',
  'bingo',
  'poker',
  'scratchCards',
  'lobby',
  'keno',
  'crashGames',
  'tournaments',
  'liveCasino',
  'search',
  'favorites',
  'myCasino',
  'recommendedGames',
  'tournament',
  'tournamentResults',
  'tournamentPrizes',
  'special',
  'asianGames',
  'cardGames',
  'skillGames',
  'authorization',
] as const;
export type ThirdPartySection = (typeof THIRD_PARTY_SECTIONS)[number];

export const OFFICE_SECTIONS = ['recharge', 'bringfriend', 'account', 'identification'] as const;
export type OfficeSection = (typeof OFFICE_SECTIONS)[number];

export interface BettingTarget {
  /** An explicit path wins over everything else. */
  path?: string;
  pageType?: string;
  section: string;
  menuSection?: string;
  sportId?: number;
}

/** Betting: [pageType]/section/[menuSection]/[sport]; an unknown sport id is left out with a warning. */
export function bettingPath({ path, pageType, section, menuSection, sportId }: BettingTarget) {
  if (path) return { type: 'betting', data: { path } } as const;
  return { type: 'betting', data: { path: join(pageType, section, menuSection, sportSegment(sportId)) } } as const;
}

const sportSegment = (sportId: number | undefined) => {
  if (sportId === undefined) return undefined;
  const sport = SPORT_SEGMENTS[sportId];
  if (!sport) console.warn(`Missing sport path for sportId ${sportId}`);
  return sport;
};

/** The live line, of one sport when given: the host's live section, not a betting page. */
export const livePath = (sportId?: number) =>
  ({ type: 'live', data: { path: join('live', sportSegment(sportId)) } }) as const;

/** One match in the live line (spec "team line and live", with its oppId). */
export const teamLineLivePath = (oppId: number, sportId?: number) =>
  ({ type: 'teamLineLive', data: { path: join('live', sportSegment(sportId), String(oppId)), oppId } }) as const;

export const allGamesEntrancePath = (suffix?: string) =>
  ({ type: 'allGamesEntrance', data: { path: join('allgamesentrance', suffix) } }) as const;

export const fastGamesPath = (game?: string, productid?: string) =>
  ({ type: 'fastGames', data: { path: withQuery('/fast-games', { game, productid }), game, productid } }) as const;

/** Office: the recharge page opens the top-up dialog instead of navigating. */
export const officePath = (page: OfficeSection) =>
  page === 'recharge'
    ? ({ type: 'topUp', data: { path: join('office', page) } } as const)
    : ({ type: 'office', data: { path: join('office', page) } } as const);

export const promotionPath = (pagePath: string) =>
  ({ type: 'promotion', data: { path: join('promotions', ...pagePath.split('/')) } }) as const;

/** Third-party or casino: an explicit path, or /{section} (default slots) with an optional query. */
export function thirdPartyPath({
  path,
  section = 'slots',
  query = {},
}: {
  path?: string;
  section?: ThirdPartySection;
  query?: Record<string, string | number | undefined>;
}) {
  const type = section === 'casino' || section === 'liveCasino' ? 'casino' : 'slots';
  return { type, data: { path: path ?? withQuery(join(section), query) } } as const;
}

/** Spec 2 "bets on your own": the host's section of that name; cyber is served by live. */
export const betOnOwnPath = (section: string) => {
  const target = section === 'cyber' ? 'live' : section;
  return { type: 'betOnOwn', data: { path: join('betsonyour', target), section: target } } as const;
};
