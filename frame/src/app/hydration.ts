import { hydrate, type QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { siteConfigQuery } from '../shared/api/index.ts';
import { FRAME_BASENAME } from '../shared/config/index.ts';
import { type SsrData, setRenderClock } from '../shared/lib/rendering/index.ts';
import { holdHydrationState, scopeOf, useGlobalStore } from '../shared/model/index.ts';
import { loadDictionaryUnits } from './router/dictionary-units.ts';
import { enterLanguage, rememberRouteLanguage } from './router/root-loader.ts';
import { type RouteHandle, routeMatches, unitsOfMatches } from './router/routes.tsx';

declare global {
  interface Window {
    /** Read by createBrowserRouter: the loader data and errors of a server render. */
    __staticRouterHydrationData?: SsrData['router'];
  }
}

/**
 * What a server-rendered page needs before React can hydrate it, as the server had it when it
 * rendered: the query cache, the language with its dictionary and config, the host flag, the
 * render's clock, and the code of the matched routes (lazy routes, and what their loaders had
 * loaded on the server).
 */
export async function prepareHydration(ssr: SsrData, queryClient: QueryClient, routes: RouteObject[]): Promise<void> {
  hydrate(queryClient, ssr.queries);
  // The config the server rendered with: fetched (the page's start-up script preloads it, and the
  // HTTP cache keeps it between pages) rather than carried in every page (decision 023). A failed
  // fetch throws: the page is then rendered in the browser, with its error page and retry.
  const config = ssr.withConfig ? await queryClient.fetchQuery(siteConfigQuery(ssr.lng, ssr.configHash)) : undefined;
  if (config) await enterLanguage(scopeOf(queryClient), config, ssr.lng);
  useGlobalStore.setState({ hostAvailable: ssr.hostAvailable });
  holdHydrationState();
  const matches = routeMatches(routes, window.location.pathname, FRAME_BASENAME);
  // What the root middleware does in the browser, which it did on the server (no cookie there).
  rememberRouteLanguage(matches[0]?.params.lng, ssr.lng);
  // The dictionary units the server rendered with (the page's start-up script preloads them), as
  // the routes' middleware, which does not run again on hydration, would have loaded them.
  const units = unitsOfMatches(matches);
  await Promise.all([
    config ? loadDictionaryUnits(queryClient, ssr.lng, units) : undefined,
    ...matches.map(async ({ route, params }) => {
      if (typeof route.lazy === 'function') {
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }
      await (route.handle as RouteHandle | undefined)?.beforeHydration?.(params, queryClient);
    }),
  ]);
  // Last, once nothing can fail any more: a page that falls back to rendering in the browser reads
  // the clock, not the server's render time.
  setRenderClock(ssr.now);
  window.__staticRouterHydrationData = ssr.router;
}
