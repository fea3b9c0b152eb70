import type { SiteConfig } from '@promo/contract';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { shouldRetryQuery, siteConfigQuery } from '../shared/api/index.ts';
import { FRAME_BASENAME } from '../shared/config/index.ts';
import { i18n } from '../shared/i18n/index.ts';
import { scheduleIdlePrefetch } from '../shared/lib/idle-prefetch.ts';
import { readSsrData, type SsrData, setRenderClock } from '../shared/lib/ssr.ts';
import { holdHydrationState, useGlobalStore } from '../shared/store/index.ts';
import { modalQueue } from '../shared/ui/modal-queue/index.ts';
import { enterLanguage, rememberRouteLanguage } from './router/root-loader.ts';
import { createRoutes, type RouteHandle } from './router/routes.tsx';

// Spec 4: every popup's open and close is an analytics event.
modalQueue.onEvent(({ type, name }) => {
  import('../shared/analytics/index.ts')
    .then(({ analytics }) => analytics().track(type === 'open' ? 'modal_open' : 'modal_close', { modal: name }))
    .catch(() => undefined);
});

/**
 * A turn for the browser between start-up steps. Evaluating the modules, starting the router (its
 * first loaders) and rendering were one task (50-125 ms on the 2-core test machine, 4x that in
 * Lighthouse's mobile simulation), all of it after the splash's first paint, so all of it counted
 * as blocking time (TBT budget, PERFORMANCE.md; decision 012). The config request is already out
 * (preloaded by the HTML), so the pauses delay nothing it waits for. (Not a top-level await: the
 * bundler then splits the entry into a runtime and shared chunks.)
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How long at most the server's render time stands in for the clock (renderNow). */
const HYDRATION_CLOCK_MS = 10_000;

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
async function prepareHydration(ssr: SsrData, queryClient: QueryClient, routes: RouteObject[]): Promise<void> {
  setRenderClock(ssr.now);
  hydrate(queryClient, ssr.queries);
  const config = queryClient.getQueryData<SiteConfig>(siteConfigQuery(ssr.lng).queryKey);
  if (config) await enterLanguage(config, ssr.lng);
  useGlobalStore.setState({ hostAvailable: ssr.hostAvailable });
  holdHydrationState();
  const matches = matchRoutes(routes, window.location, FRAME_BASENAME) ?? [];
  // What the root middleware does in the browser, which it did on the server (no cookie there).
  rememberRouteLanguage(matches[0]?.params.lng, ssr.lng);
  await Promise.all(
    matches.map(async ({ route, params }) => {
      if (typeof route.lazy === 'function') {
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }
      await (route.handle as RouteHandle | undefined)?.beforeHydration?.(params);
    }),
  );
  window.__staticRouterHydrationData = ssr.router;
}

async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const queryClient = new QueryClient({
    // 'always': offline, a query fails into its section's message with a retry instead of pausing
    // (the default) and leaving its skeletons or a blank page up until the network returns.
    defaultOptions: { queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false, networkMode: 'always' } },
  });
  const routes = createRoutes(queryClient, FRAME_BASENAME);
  // Decision 022: a page the server rendered is hydrated with the server's data; else rendered here.
  let ssr = readSsrData();
  if (ssr) {
    try {
      await prepareHydration(ssr, queryClient, routes);
    } catch (error) {
      // The page's code did not load (a deploy replaced it, the network dropped): the router
      // renders it afresh, and its error page (with the reload guard) takes over from there.
      console.error('hydration: the page could not be prepared; rendering it in the browser', error);
      ssr = null;
      delete window.__staticRouterHydrationData;
    }
  }
  const router = createBrowserRouter(routes, { basename: FRAME_BASENAME });
  if (ssr) {
    // The server's clock until the first navigation (or 10 s), while the page's parts hydrate.
    const endClock = () => {
      setRenderClock(null);
      stopWatching();
      clearTimeout(timer);
    };
    const stopWatching = router.subscribe((state) => {
      if (state.navigation.state !== 'idle') endClock();
    });
    const timer = setTimeout(endClock, HYDRATION_CLOCK_MS);
  }
  await nextTask();
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  if (ssr) {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('hydration: the server markup was replaced', error),
    });
  } else {
    const root = createRoot(container);
    // A transition renders in slices that yield to input, like the router's own later updates.
    startTransition(() => root.render(app));
  }
  // Spec 9: the likely next pages' code loads while the player reads this one. Which pages those are
  // is no first-paint code: it leaves the entry chunk (initial JS budget) and loads only once the
  // page is idle, so start-up makes no request for it (Lighthouse's LCP counts every early one).
  const pathname = window.location.pathname.slice(FRAME_BASENAME.length);
  scheduleIdlePrefetch([() => import('./router/prefetch.ts').then(({ loadLikelyNext }) => loadLikelyNext(pathname))]);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void start(container);
