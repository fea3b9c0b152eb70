import { FRAME_PAGES, type FramePageName } from '@promo/contract';
import { generatePath } from 'react-router';

/** Route patterns of the frame, relative to the basename and the optional language prefix. */
export const ROUTES = {
  ...(Object.fromEntries(Object.entries(FRAME_PAGES).map(([name, page]) => [name, page.path])) as {
    [N in FramePageName]: (typeof FRAME_PAGES)[N]['path'];
  }),
  /** Links to a CMS page of any type (bonus, landing, headless): a link pattern, no route of its own. */
  cmsPage: ':cmsPageType/:cmsPage',
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
