import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { refreshLiveFigures, shouldRetryQuery } from '../shared/api/index.ts';
import { FRAME_BASENAME } from '../shared/config/index.ts';
import { i18n } from '../shared/i18n/index.ts';
import { hydrationSettled, readSsrData, scheduleIdlePrefetch, setRenderClock } from '../shared/lib/rendering/index.ts';
import { modalQueue } from '../shared/ui/modal-queue/index.ts';
import { routerContextFor } from './router/route-context.ts';
import { createRoutes } from './router/routes.tsx';

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
 * as blocking time (TBT budget, docs/performance.md; decision 012). The config request is already out
 * (preloaded by the HTML), so the pauses delay nothing it waits for. (Not a top-level await: the
 * bundler then splits the entry into a runtime and shared chunks.)
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `<html data-frame-ready>` once React has committed the page (hydrated it, or rendered it in the
 * browser): a server-rendered page is visible, its links plain links, before its code has run
 * (decision 023), so the end-to-end suite and an integrator's own tests wait for this mark.
 */
function ReadyMark({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.frameReady = '';
  }, []);
  return children;
}

/**
 * The browser's first use of Intl loads its locale data: 11-22 ms on the test machine, inside the
 * first hydration slice that formats money (a promotion's terms), which React cannot split. Done
 * here, it is a task of its own while the config is still on its way.
 */
const loadLocaleData = () => {
  try {
    new Intl.NumberFormat(document.documentElement.lang || undefined).format(1);
  } catch {
    // A language tag Intl does not take: the formatters fall back on their own.
  }
};

async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  loadLocaleData();
  await nextTask();
  const queryClient = new QueryClient({
    // 'always': offline, a query fails into its section's message with a retry instead of pausing
    // (the default) and leaving its skeletons or a blank page up until the network returns.
    defaultOptions: { queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false, networkMode: 'always' } },
  });
  const routes = createRoutes(FRAME_BASENAME);
  // Decision 022: a page the server rendered is hydrated with the server's data; else rendered here.
  const ssr = readSsrData();
  let hydration: typeof import('./hydration.ts') | null = null;
  if (ssr) {
    try {
      // Its own chunk (the server names it among every page's preloads): a client-rendered page
      // never pays for it, and the entry stays within its budget.
      hydration = await import('./hydration.ts');
      await hydration.prepareHydration(ssr, queryClient, routes);
    } catch (error) {
      // The page's code did not load (a deploy replaced it, the network dropped): the router
      // renders it afresh, and its error page (with the reload guard) takes over from there.
      console.error('hydration: the page could not be prepared; rendering it in the browser', error);
      hydration = null;
    }
  }
  // Each navigation's middleware and loaders find the query client in the router's context.
  const router = createBrowserRouter(routes, {
    basename: FRAME_BASENAME,
    getContext: () => routerContextFor(queryClient),
  });
  await nextTask();
  const app = (
    <StrictMode>
      <ReadyMark>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </QueryClientProvider>
      </ReadyMark>
    </StrictMode>
  );
  if (hydration) {
    // In a transition, hydration runs in slices of a few milliseconds that yield to the browser
    // (a tap on a part not yet hydrated hydrates that part first), instead of one task as long as
    // the whole page's hydration: 4x that on a mid-range phone, all of it blocking time (decision 046).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error, info) =>
          console.error('hydration: the server markup was replaced', error, info.componentStack ?? ''),
      });
    });
  } else {
    const root = createRoot(container);
    // A transition renders in slices that yield to input, like the router's own later updates.
    startTransition(() => root.render(app));
  }
  // Once the page has hydrated all it shows (every part that hydrates after the root), or at once
  // for a page rendered here: the server's render time gives way to the clock (a navigation
  // meanwhile does not end it, or a part still to hydrate would read the clock and not match the
  // server's countdown, React #418), and `<html data-frame-settled>` tells a test it may move the
  // clock or the page under it.
  void hydrationSettled().then(() => {
    setRenderClock(null);
    document.documentElement.dataset.frameSettled = '';
    // A page the server kept (decision 044): its leaderboards and jackpots as they are now.
    if (hydration && ssr) void refreshLiveFigures(queryClient, performance.timeOrigin - ssr.now);
  });
  // Spec 9: the likely next pages' code loads while the player reads this one. Which pages those are
  // is no first-paint code: it leaves the entry chunk (initial JS budget) and loads only once the
  // page is idle, so start-up makes no request for it (Lighthouse's LCP counts every early one).
  const pathname = window.location.pathname.slice(FRAME_BASENAME.length);
  scheduleIdlePrefetch([() => import('./router/prefetch.ts').then(({ loadLikelyNext }) => loadLikelyNext(pathname))]);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
if (import.meta.env.MODE === 'offline') {
  // `npm run dev:offline`: the API is answered inside the browser (frame/mock-api/offline) before
  // the frame asks for anything. A build's mode is never 'offline', so no build carries this.
  void import('../../mock-api/offline/browser.ts')
    .then(({ startOfflineApi }) => startOfflineApi())
    .then(() => start(container));
} else {
  void start(container);
}
