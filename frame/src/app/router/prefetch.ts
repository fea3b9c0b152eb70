import { type PageFamily, pageFamily } from '@promo/contract';

/** The route code of each family the idle prefetch may load (home is only ever the first page). */
const FAMILIES = {
  lotto: () => import('../../pages/lotto/index.ts'),
  promotion: () => import('../../pages/promotion/index.ts'),
  cms: () => import('../../pages/cms/index.ts'),
} as const;
type NextFamily = keyof typeof FAMILIES;

/** The families a visitor most likely opens next, by the family of the page they are on. */
const NEXT: Record<PageFamily, NextFamily[]> = {
  home: ['lotto', 'promotion'],
  lotto: ['promotion'],
  promotions: ['promotion'],
  promotion: ['lotto'],
  cms: ['promotion', 'lotto'],
  // A region without the service has no next page.
  blocked: [],
  'bets-on-own': ['promotion'],
  error: ['promotion'],
};

/** The chunks to prefetch from a path under the frame's basename (the language prefix is optional). */
export function likelyNextRoutes(pathname: string): Array<() => Promise<unknown>> {
  const family = pageFamily(pathname);
  return (family ? NEXT[family] : []).map((name) => FAMILIES[name]);
}

/** Loads the likely next pages' code (called by the idle prefetch); a failed load is the navigation's to retry. */
export const loadLikelyNext = (pathname: string): Promise<unknown> =>
  Promise.allSettled(likelyNextRoutes(pathname).map((load) => load()));
