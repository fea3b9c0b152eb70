import { generatePath } from 'react-router';

/** Route patterns of the frame, relative to the basename and the optional language prefix. */
export const ROUTES = {
  home: '',
  blockPage: 'blockPage',
  lotto: 'lotto',
  lottoResults: 'lotto/results',
  lottoDraws: 'lotto/results/:lottoId',
  lottoTickets: 'lotto/tickets',
  lottoGame: 'lotto/game/:lottoId',
  lottoInfo: 'lotto/info/:lottoId',
  promotions: 'promotion',
  promotion: 'promotion/:name',
  cmsPage: ':cmsPageType/:cmsPage',
  banner: 'banner',
  landingPage: 'landing-page/:landingId',
  mobileAppPromo: 'mobile-app/:promoName',
  mobileAppBonus: 'mobile-app/bonus/:bonusName',
  betsOnYourOwn: 'betsonyour/:section',
  section: ':section',
  testMobileApp: 'test-mobile-app',
  newApiDemo: 'new-api-demo',
} as const;

export type RouteName = keyof typeof ROUTES;
type ParamsOf<P extends string> = Parameters<typeof generatePath<P>>[1];

/**
 * The one way to build a link inside the frame: `getHref('lottoGame', { lottoId: 'powerball' }, 'ar')`
 * gives `/ar/lotto/game/powerball` (relative to the router basename).
 */
export function getHref<N extends RouteName>(
  name: N,
  params?: ParamsOf<(typeof ROUTES)[N]>,
  lng?: string | null,
): string {
  const path = generatePath(ROUTES[name], params as never);
  const prefix = lng ? `/${lng}` : '';
  return `${prefix}/${path}`.replace(/\/+$/, '') || '/';
}

/** Same page in another language: swaps or adds the two-letter prefix of a basename-relative path. */
export function withLanguage(pathname: string, lng: string): string {
  const rest = pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '');
  return `/${lng}${rest === '/' ? '' : rest}`;
}
