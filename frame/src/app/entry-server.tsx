import {
  dictionaryUnitUrl,
  isRtlLanguage,
  jsonForScript,
  type PageHead,
  type PageRequest,
  type RenderedPage,
  siteConfigUrl,
} from '@promo/contract';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  QueryCache,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from 'react-router';
import {
  bindApiTransport,
  DICTIONARY_UNIT_QUERY,
  forbidBrowserTransport,
  siteConfigHash,
  siteConfigQuery,
} from '../shared/api/index.ts';
import { FRAME_BASENAME, FRAME_DEFAULT_LANGUAGE } from '../shared/config/index.ts';
import { createFrameI18n } from '../shared/i18n/index.ts';
import { fullTitle, routePageTitle } from '../shared/lib/browser/index.ts';
import { normalizeError, readCookie } from '../shared/lib/index.ts';
import { forbidModuleClock, RenderClockContext, SSR_DATA_ID, type SsrData } from '../shared/lib/rendering/index.ts';
import {
  bindRequestScope,
  createGlobalStore,
  forbidBrowserStore,
  initialGlobalState,
  type RequestScope,
  StoreContext,
} from '../shared/model/index.ts';
import { loadAllPageCode } from './router/all-page-code.ts';
import { routerContextFor } from './router/route-context.ts';
import { createRoutes, type RouteHandle, routeMatches, unitsOfMatches } from './router/routes.tsx';

/** What the guards on the browser's state say (shared/api, shared/model, shared/lib/rendering). */
const OUTSIDE_SCOPE = 'outside a request scope';

/** A language with no dictionary: i18n's state before the root middleware has run. */
const NO_DICTIONARY = 'zz';

// Every render has its own store, texts, cookies, clock and API transport (a RequestScope bound to
// its query client, decision 043), so renders run at once; the browser's module state does not
// exist here, and a use of it fails loudly instead of mixing two visitors' pages.
forbidBrowserStore();
forbidBrowserTransport();
forbidModuleClock();

/**
 * Router errors as react-router's hydration reads them back (parseHydrationData): each as a route
 * error response with its normalised status and message, which is all the error page reads, so
 * the browser renders the same page the server did.
 */
function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => {
      const { statusCode, message } = normalizeError(error);
      return [id, { __type: 'RouteErrorResponse', status: statusCode, statusText: message, data: message }];
    }),
  );
}

/** The status of the page: its error's, or the router's. */
function pageStatus(context: StaticHandlerContext): number {
  const [error] = Object.values(context.errors ?? {});
  return error === undefined ? context.statusCode : normalizeError(error).statusCode;
}

/**
 * Renders the tree to HTML once everything in it (lazy parts included) is ready: React 19's
 * prerender with no boundary outlined, so every part is written in place and the page needs none
 * of React's inline reveal scripts (the CSP allows no inline script). A render that never settles
 * is abandoned after 5 s, or when the server gives it up (its signal).
 */
async function renderToHtml(element: React.ReactNode, given: AbortSignal | undefined): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('server render timed out')), 5000);
  const signal = given ? AbortSignal.any([given, controller.signal]) : controller.signal;
  try {
    const { prelude } = await prerenderToNodeStream(element, {
      signal,
      // Never outline a large boundary to be revealed by a script: the whole page in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that fails renders on the client instead (React leaves its fallback in the page).
      onError: (error) => console.error('server render: a part failed', error),
    });
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    clearTimeout(timer);
  }
}

function pageHead(scope: RequestScope, context: StaticHandlerContext, url: URL, lng: string): PageHead {
  const { siteConfig } = scope.store.getState();
  const t = (key: string) => scope.i18n.instance.t(key);
  const page = routePageTitle(
    context.matches.map((match) => ({ handle: match.route.handle, loaderData: context.loaderData[match.route.id] })),
    t,
  );
  const siteName = t('app_title');
  const deepest = context.matches.at(-1);
  const data = deepest
    ? (context.loaderData[deepest.route.id] as { summary?: string; page?: { summary?: string } } | null)
    : null;
  const description = data?.summary ?? data?.page?.summary ?? t('meta_description');
  // The page's path without its language prefix, for its address in each language.
  const rest = url.pathname.slice(FRAME_BASENAME.length).replace(/^\/[a-z]{2}(?=\/|$)/, '');
  const hrefIn = (code: string) => `${url.origin}${FRAME_BASENAME}/${code}${rest === '/' ? '' : rest}`;
  const languages = siteConfig?.languages.map((language) => language.code) ?? [lng];
  return {
    title: fullTitle(page, siteName),
    description,
    canonical: hrefIn(lng),
    alternates: languages.map((code) => ({ lang: code, href: hrefIn(code) })),
    locale: lng,
    siteName,
  };
}

/** The dictionary units of the rendered routes, which the browser fetches before it hydrates. */
const dictionaryUrls = (context: StaticHandlerContext, lng: string): string[] =>
  unitsOfMatches(context.matches).map((unit) => dictionaryUnitUrl(lng, unit));

/**
 * One route table and static handler for every render of the process: they hold no request's
 * state (each render's query client, and through it its scope, rides in the router context it
 * passes), and building them per render cost a quarter of a cached page's render (ranking the
 * table, compiling every path, loading the lazy routes again).
 */
const routes = createRoutes(FRAME_BASENAME);
const handler = createStaticHandler(routes, { basename: FRAME_BASENAME });

/** Every page's code, loaded before a render thread's first page (render-worker.ts). */
export const prepareRenders = (): Promise<void> => loadAllPageCode(routes);

/**
 * Server-renders one frame page (spec 2 routes) with its data: the router's static handler runs
 * the middleware and loaders (config, dictionary, the page's data, through the in-process API),
 * React renders the matched routes, and the data goes into the page for the client to hydrate
 * from without asking again.
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  // Given up while it waited: nothing to render for.
  request.signal?.throwIfAborted();
  const now = Date.now();
  const url = new URL(request.url);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 } },
    // A query that reached for the browser's state failed on the guard: a bug, not a page's error
    // state, which its component would show quietly.
    queryCache: new QueryCache({
      onError: (error) => {
        if (String(error).includes(OUTSIDE_SCOPE)) console.error('server render: a query failed', error);
      },
    }),
  });
  const store = createGlobalStore({ ...initialGlobalState, hostAvailable: request.hostAvailable });
  // No dictionary until the root middleware installs the page's: a page that fails before (an
  // unknown first segment) reads the offline texts, as the browser that hydrates it does.
  const scope: RequestScope = {
    store,
    i18n: createFrameI18n(NO_DICTIONARY),
    cookie: (name) => readCookie(name, request.cookie),
    now: () => now,
  };
  bindRequestScope(queryClient, scope);
  bindApiTransport(queryClient, { fetch: request.fetch, language: () => store.getState().currentLanguage });
  const matched = routeMatches(routes, url.pathname, FRAME_BASENAME);
  if (matched.some(({ route }) => (route.handle as RouteHandle | undefined)?.clientOnly)) return { kind: 'client' };
  // Router middleware (the root's: language, config, dictionary; access checks) runs on the
  // server only under generateMiddlewareResponse; the context it produced is what renders.
  // The loaders see the server's signal: a render given up stops asking for data.
  const pageRequest = () =>
    new Request(url, {
      headers: { cookie: request.cookie },
      ...(request.signal ? { signal: request.signal } : {}),
    });
  let rendered: StaticHandlerContext | undefined;
  const answer = await handler.query(pageRequest(), {
    requestContext: routerContextFor(queryClient),
    generateMiddlewareResponse: async (query) => {
      const result = await query(pageRequest());
      if (result instanceof Response) return result;
      rendered = result;
      return new Response(null, { status: result.statusCode });
    },
  });
  if (!(answer instanceof Response)) throw new Error('server render: the router answered without a Response');
  // A route that sends the player on (a section alias) does so in the browser, as it always
  // did: a server redirect inside a host's iframe ended on Chromium's error page.
  if (answer.status >= 300 && answer.status < 400) return { kind: 'client' };
  const context = rendered;
  if (!context) throw new Error(`server render: the router answered ${answer.status} without a page`);
  // A page that fails on the server is worth a log line there (404s are the visitor's, not ours).
  for (const error of Object.values(context.errors ?? {})) {
    if (normalizeError(error).statusCode >= 500) console.error('server render: route error', error);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToHtml(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StoreContext value={store}>
          <RenderClockContext value={now}>
            <I18nextProvider i18n={scope.i18n.instance}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </I18nextProvider>
          </RenderClockContext>
        </StoreContext>
      </QueryClientProvider>
    </StrictMode>,
    request.signal,
  );
  const { siteConfig, currentLanguage, hostAvailable } = store.getState();
  const lng = siteConfig ? currentLanguage : FRAME_DEFAULT_LANGUAGE;
  const data: SsrData = {
    now,
    lng,
    hostAvailable,
    // The site config and the dictionary units are answers that pages share: the browser
    // fetches them, cached, instead of receiving them again in every page.
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        query.queryKey[0] !== siteConfigQuery(lng).queryKey[0] &&
        query.queryKey[0] !== DICTIONARY_UNIT_QUERY &&
        defaultShouldDehydrateQuery(query),
    }),
    withConfig: siteConfig !== null,
    configHash: siteConfig ? siteConfigHash(siteConfig) : undefined,
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
    },
  };
  return {
    kind: 'page',
    status: pageStatus(context),
    lang: lng,
    dir: isRtlLanguage(lng) ? 'rtl' : 'ltr',
    head: pageHead(scope, context, url, lng),
    html,
    dataScript: `<script type="application/json" id="${SSR_DATA_ID}">${jsonForScript(data)}</script>`,
    ...(siteConfig ? { configUrl: siteConfigUrl(lng), dictionaryUrls: dictionaryUrls(context, lng) } : {}),
    ...(Object.keys(context.errors ?? {}).length > 0 ? { family: 'error' as const } : {}),
  };
}
