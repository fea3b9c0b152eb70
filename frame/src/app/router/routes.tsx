import type { RouteDictionaryUnit } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import {
  type LoaderFunctionArgs,
  matchRoutes,
  type Params,
  type RouteMatch,
  type RouteObject,
  replace,
} from 'react-router';
import { getHref, ROUTES } from '../../shared/config/index.ts';
import type { RouteTitle } from '../../shared/lib/browser/index.ts';
import { StatusError } from '../../shared/lib/index.ts';
import { AppSplash } from '../layouts/app-splash.tsx';
import { DefaultLayout, prepareDefaultLayout } from '../layouts/default-layout.tsx';
import { EmptyLayout } from '../layouts/empty-layout.tsx';
import { RootLayout } from '../layouts/root-layout.tsx';
import { RouteError } from '../route-error.tsx';
import { dictionaryMiddleware } from './dictionary-units.ts';
import { createIndexRoute } from './index-route.tsx';
import { accessMiddleware } from './middleware.ts';
import { createRootMiddleware, rootLoader } from './root-loader.ts';
import { clientOf } from './route-context.ts';

/** Route metadata (spec 3 "Promo route metadata", access middleware ids). */
export interface RouteHandle {
  middleware?: string[];
  /** Sub-page of a section: shows a back link instead of the tab bar (lotto draws and info). */
  nested?: boolean;
  /** The document title (and the host's changeTitle): a dictionary key, or true for the loader data's own. */
  title?: RouteTitle;
  /**
   * Code the route's component needs before it can hydrate a server render, which its loader
   * (not run again on hydration) would otherwise have loaded.
   */
  beforeHydration?: (params: Params, queryClient: QueryClient) => Promise<void>;
  /** Dictionary units the route's pages need (spec 7 route metadata ids); `common` comes with the config. */
  dictionary?: RouteDictionaryUnit[];
  /**
   * Rendered in the browser only: the route acts for the player on arrival (the app's sign-in with
   * its cookie); the server sends the client-rendered page for it.
   */
  clientOnly?: boolean;
}

/** The dictionary units matched routes name in their metadata, parents first. */
export const unitsOfMatches = (matches: ReadonlyArray<{ route: RouteObject }>): RouteDictionaryUnit[] =>
  matches.flatMap(({ route }) => (route.handle as RouteHandle | undefined)?.dictionary ?? []);

/** Paths whose matches a route table keeps, the least recently asked going first (any path may be asked for). */
const MATCHED_PATHS_KEPT = 1000;
/** The matches of paths, per route table, in the order they were last asked for. */
const matchedPaths = new WeakMap<RouteObject[], Map<string, readonly RouteMatch[]>>();

/**
 * The routes a path matches (none: an empty list), kept per route table and path: matchRoutes
 * flattens and ranks the whole table on each call, and a server asks on every render. The list is
 * shared by every caller: read it, never change it (its routes are the table's own, which only the
 * browser's hydration completes with their lazy code).
 */
export function routeMatches(routes: RouteObject[], pathname: string, basename: string): readonly RouteMatch[] {
  let paths = matchedPaths.get(routes);
  if (!paths) {
    paths = new Map();
    matchedPaths.set(routes, paths);
  }
  const key = `${basename} ${pathname}`;
  const kept = paths.get(key);
  // Asked again: the most recent now (a Map iterates in insertion order).
  if (kept) paths.delete(key);
  const matches = kept ?? matchRoutes(routes, pathname, basename) ?? [];
  paths.set(key, matches);
  if (paths.size > MATCHED_PATHS_KEPT) paths.delete(paths.keys().next().value as string);
  return matches;
}

/** The dictionary units of the routes a path matches. */
export const routeUnits = (routes: RouteObject[], pathname: string, basename: string): RouteDictionaryUnit[] =>
  unitsOfMatches(routeMatches(routes, pathname, basename));

/**
 * Route metadata plus the router middleware that acts on it: the access ids' checks, then the
 * dictionary units' load.
 */
const guarded = (ids: string[], handle: RouteHandle = {}): Pick<RouteObject, 'handle' | 'middleware'> => ({
  handle: { ...handle, middleware: ids },
  middleware: [accessMiddleware(ids), ...(handle.dictionary ? [dictionaryMiddleware(handle.dictionary)] : [])],
});

type LottoPages = typeof import('../../pages/lotto/index.ts');
/** The lottery section's pages load together, with the first of them. */
const lotto = <T,>(pick: (pages: LottoPages) => T) => import('../../pages/lotto/index.ts').then(pick);

type CmsPages = typeof import('../../pages/cms/index.ts');
/** The CMS, landing and banner pages load together. */
const cms = <T,>(pick: (pages: CmsPages) => T) => import('../../pages/cms/index.ts').then(pick);

const devTools = () => import('../../pages/dev-tools/index.ts');

/** A child route's path: the page's pattern under its parent's (`lotto/results` under `lotto`). */
const under = (parent: string, page: string): string => {
  if (!page.startsWith(`${parent}/`)) throw new Error(`route ${page} is not under ${parent}`);
  return page.slice(parent.length + 1);
};

/** The footer's details (config parts, time zones) for a server render: in the page, not asked for after it. */
async function footerDetailsLoader(args: LoaderFunctionArgs): Promise<null> {
  footerDetails ??= import('../../widgets/footer-details/index.ts');
  await (await footerDetails).prefetchFooterDetails(clientOf(args));
  return null;
}
// The widget's code, imported once per server build (an import() per render cost 3 % of a render).
let footerDetails: Promise<typeof import('../../widgets/footer-details/index.ts')> | undefined;

/** Never renders: the loader raises 404 first. */
const NoPage = () => null;

/**
 * Every route of spec section 2, under the optional two-letter language prefix. The table holds
 * nothing of a request: its middleware and loaders take the request's query client from the
 * router's context (route-context.ts), so a server builds it once for all its renders.
 */
export function createRoutes(basename: string): RouteObject[] {
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/:lng?',
      middleware: [createRootMiddleware(basename, (pathname) => routeUnits(routes, pathname, basename))],
      loader: rootLoader,
      Component: RootLayout,
      HydrateFallback: AppSplash,
      errorElement: <RouteError />,
      children: [
        {
          Component: EmptyLayout,
          children: [
            {
              path: ROUTES.blockPage,
              ...guarded(['siteConfig'], { title: 'block_page_title' }),
              lazy: () => import('../../pages/block/index.ts').then((m) => ({ Component: m.BlockPage })),
            },
            {
              // Spec 3: a headless CMS page renders its content without the site chrome.
              path: ROUTES.headless,
              handle: { title: true },
              lazy: () =>
                cms((m) => ({
                  Component: m.HeadlessPageView,
                  loader: (args) => m.cmsLoader('headless')(args, clientOf(args)),
                })),
            },
          ],
        },
        {
          Component: DefaultLayout,
          handle: { beforeHydration: prepareDefaultLayout } satisfies RouteHandle,
          // A server render puts the footer's details in the page; a page rendered in the browser
          // asks for them as its footer shows.
          ...(typeof window === 'undefined' ? { loader: footerDetailsLoader } : {}),
          children: [
            createIndexRoute(),
            {
              path: ROUTES.lotto,
              ...guarded(['siteConfig'], { title: 'lotto_title', dictionary: ['lotto'] }),
              lazy: () =>
                lotto((m) => ({ Component: m.LottoLayout, loader: (args) => m.lottoSectionLoader(clientOf(args)) })),
              children: [
                { index: true, lazy: () => lotto((m) => ({ Component: m.LotteryListPage })) },
                {
                  path: under(ROUTES.lotto, ROUTES.lottoResults),
                  handle: { title: 'lotto_results_title' },
                  lazy: () =>
                    lotto((m) => ({ Component: m.ResultsPage, loader: (args) => m.resultsLoader(clientOf(args)) })),
                },
                {
                  path: under(ROUTES.lotto, ROUTES.lottoDraws),
                  handle: { nested: true },
                  lazy: () =>
                    lotto((m) => ({ Component: m.DrawsPage, loader: (args) => m.drawsLoader(args, clientOf(args)) })),
                },
                {
                  path: under(ROUTES.lotto, ROUTES.lottoTickets),
                  handle: { title: 'lotto_tickets_title' },
                  lazy: () => lotto((m) => ({ Component: m.TicketsPage })),
                },
                {
                  path: under(ROUTES.lotto, ROUTES.lottoGame),
                  lazy: () => lotto((m) => ({ Component: m.GamePage, loader: m.lotteryLoader })),
                },
                {
                  path: under(ROUTES.lotto, ROUTES.lottoInfo),
                  handle: { nested: true },
                  lazy: () => lotto((m) => ({ Component: m.InfoPage, loader: m.lotteryLoader })),
                },
              ],
            },
            {
              path: ROUTES.promotions,
              children: [
                {
                  index: true,
                  ...guarded(['siteConfig'], { title: 'promo_section_title', dictionary: ['promotions'] }),
                  lazy: () =>
                    import('../../pages/promotions/index.ts').then((m) => ({
                      Component: m.PromotionsPage,
                      loader: (args) => m.promotionsLoader(clientOf(args)),
                    })),
                },
                {
                  path: under(ROUTES.promotions, ROUTES.promotion),
                  ...guarded(['siteConfig'], {
                    title: true,
                    dictionary: ['promotions'],
                    beforeHydration: (params, queryClient) =>
                      import('../../pages/promotion/index.ts').then((m) => m.promotionHydration(params, queryClient)),
                  }),
                  lazy: async () => {
                    const { PromotionPage, promotionLoader } = await import('../../pages/promotion/index.ts');
                    return { Component: PromotionPage, loader: (args) => promotionLoader(args, clientOf(args)) };
                  },
                },
              ],
            },
            {
              path: ROUTES.banner,
              ...guarded(['siteConfig'], { title: 'banners_title' }),
              lazy: () =>
                cms((m) => ({ Component: m.BannerPage, loader: (args) => m.bannerLoader(args, clientOf(args)) })),
            },
            {
              path: ROUTES.landingPage,
              ...guarded(['siteConfig'], { title: true }),
              lazy: () =>
                cms((m) => ({ Component: m.CmsPageView, loader: (args) => m.landingLoader(args, clientOf(args)) })),
            },
            ...[ROUTES.mobileAppBonus, ROUTES.mobileAppPromo].map(
              (path): RouteObject => ({
                path,
                handle: { clientOnly: true } satisfies RouteHandle,
                lazy: () => import('../../pages/mobile-app/index.ts').then((m) => ({ loader: m.mobileAppLoader })),
              }),
            ),
            {
              path: ROUTES.betsOnYourOwn,
              handle: { title: 'bets_on_own_title' },
              // Spec 2: the cyber section is served by the live one.
              loader: ({ params }) =>
                params.section === 'cyber' ? replace(getHref('betsOnYourOwn', { section: 'live' }, params.lng)) : null,
              lazy: () => import('../../pages/bets-on-own/index.ts').then((m) => ({ Component: m.BetsOnOwnPage })),
            },
            ...(['bonus', 'landing'] as const).map(
              (type): RouteObject => ({
                path: ROUTES[type],
                handle: { title: true },
                lazy: () =>
                  cms((m) => ({ Component: m.CmsPageView, loader: (args) => m.cmsLoader(type)(args, clientOf(args)) })),
              }),
            ),
            // Only outside production (spec 2): a build for the production backend (from master or main,
            // spec 9, decision 031) has the 404 page at their paths. The condition is written out so
            // that the bundler drops the routes from such a build.
            ...(import.meta.env.VITE_BACKEND_ENV === 'production'
              ? []
              : [
                  {
                    path: ROUTES.testMobileApp,
                    ...guarded([], { title: 'dev_bridge_title', dictionary: ['dev'] }),
                    lazy: () => devTools().then((m) => ({ Component: m.BridgeSimulatorPage })),
                  },
                  {
                    path: ROUTES.newApiDemo,
                    ...guarded([], { title: 'dev_api_title', dictionary: ['dev'] }),
                    lazy: () => devTools().then((m) => ({ Component: m.ApiExplorerPage })),
                  },
                ]),
            {
              // /{lng}/{section}: a CMS section page by its slug; an unknown slug is the 404 page.
              path: ROUTES.section,
              handle: { title: true },
              lazy: () =>
                cms((m) => ({ Component: m.CmsPageView, loader: (args) => m.sectionLoader(args, clientOf(args)) })),
            },
            {
              path: '*',
              Component: NoPage,
              loader: () => {
                throw new StatusError('This page could not be found', 404);
              },
            },
          ],
        },
      ],
    },
  ];
  return routes;
}
