import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  APP_AUTH_COOKIE,
  endpointPath,
  FRAME_START_LANGUAGE,
  type FramePageMatch,
  isLanguageCode,
  LANGUAGE_COOKIE,
  matchFramePage,
  PROMOTION_ENDPOINTS,
  type PromoWidget,
  type ResolvedPromo,
  resolvePromo,
} from '@promo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { sendPrepared } from '../http/prepared-answers.ts';
import type { ServerSettings } from '../settings.ts';
import {
  FRAME_PREFIX,
  fetchPreload,
  loadFrameServer,
  preloadsOf,
  readPagePreloads,
  renderIndex,
  servedBuildFile,
  stylesheetReader,
  templatePreparer,
  withRenderedPage,
  withStyleSource,
} from './document.ts';
import { framePathStatus } from './frame-paths.ts';
import { type PageCache, type PageRead, type RenderedDocument, type ServedPage, visitorRender } from './page-cache.ts';
import { createRenderGate, type RenderGate } from './render-gate.ts';
import { inThreadRenderer, type PageRenderer, threadRenderer } from './render-pool.ts';

/** The server's own routes as `fetch`, for the frame's API calls while it renders a page. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

/**
 * `fetch` that tells `read` of each call before making it: every API call of a render comes here,
 * on render threads (render-pool.ts answers them with this) and in this thread alike, so the page
 * cache knows what the page read (decision 044).
 */
const readingFetch =
  (fetch: typeof globalThis.fetch, read: PageRead): typeof globalThis.fetch =>
  (input, init) => {
    if (typeof input === 'string' || input instanceof URL) read(init?.method ?? 'GET', String(input));
    else read(init?.method ?? input.method, input.url);
    return fetch(input, init);
  };

/** The frame's server build as a renderer: on render threads, or in this thread (RENDER_THREADS=0). */
async function pageRenderer(settings: ServerSettings, indexTemplate: string): Promise<PageRenderer | null> {
  const frame = await loadFrameServer(settings.frameDist, indexTemplate, settings.serverRender.threads === 0);
  if (!frame) return null;
  const { threads, concurrency } = settings.serverRender;
  return frame === 'built'
    ? threadRenderer(settings.frameDist, { threads, tasksPerThread: Math.ceil(concurrency / threads) })
    : inThreadRenderer(frame);
}

/** Whether the page will run inside a host: framed (Sec-Fetch-Dest) or in the app (its cookie). */
const inHost = (request: FastifyRequest): boolean =>
  request.headers['sec-fetch-dest'] === 'iframe' || Boolean(request.cookies?.[APP_AUTH_COOKIE]);

/**
 * The language the frame will ask the config for first: the path's two-letter prefix, else the
 * language cookie, else the start-up default (the frame's own first guess, so the preload is used).
 */
export function firstConfigLanguage(url: string, cookieLanguage: string | undefined): string {
  const prefix = url.slice(FRAME_PREFIX.length).split(/[/?#]/)[0];
  if (isLanguageCode(prefix)) return prefix;
  return isLanguageCode(cookieLanguage) ? cookieLanguage : FRAME_START_LANGUAGE;
}

/** The promotion a promotion page shows, when the path alone names it (registry name, alias or id). */
export function promotionOf(page: FramePageMatch | undefined): ResolvedPromo | undefined {
  if (page?.name !== 'promotion') return undefined;
  try {
    return resolvePromo(page.params.name ?? '');
  } catch {
    return undefined;
  }
}

/**
 * The public data a page asks for first, when its path named a promotion: that promotion's own
 * data in the page's language and the visitor's currency (the frame asks for the same URL).
 */
export function firstDataUrl(promotion: ResolvedPromo | undefined, lang: string, currency: string): string | undefined {
  if (!promotion) return undefined;
  const entry = PROMOTION_ENDPOINTS.promotion;
  return `${entry.base}${endpointPath(entry, { key: promotion.serverKey })}?${new URLSearchParams({ lang, currency })}`;
}

/** The widgets of a promotion the server knows, by its key (its content decides them). */
export type WidgetLookup = (serverKey: string) => Promise<readonly PromoWidget[] | undefined>;

/** What the page server reads from the data: a promotion's widgets and the site's currency. */
export interface PageLookups {
  widgetsOf: WidgetLookup;
  siteCurrency: () => Promise<string>;
  /** A CMS section page (spec 2 /{section}) with this slug exists in some language. */
  sectionExists?: (slug: string) => Promise<boolean>;
}

const HTML = 'text/html; charset=utf-8';
/** A page is the browser's own to keep, asked again each time (with its ETag when it has one). */
const PAGE_CACHE_CONTROL = 'private, no-cache';

/** How long a page's preload hints are reused: a promotion's widgets, the site's currency. */
const HINTS_TTL_MS = 10_000;

/**
 * The lookups a page's preloads come from, each asked of the database once per 10 s however many
 * pages want it (concurrent asks share one): a spike of visitors costs the database nothing more.
 * They are hints: one out of date for seconds costs one preload too many or too few, never a wrong
 * page (the status comes from the render or `sectionExists`, asked every time).
 */
function preloadHints(lookups: PageLookups | undefined) {
  const widgets = new LRUCache<string, { widgets: readonly PromoWidget[] | undefined }>({
    max: 1000,
    ttl: HINTS_TTL_MS,
    fetchMethod: async (key) => ({ widgets: await lookups?.widgetsOf(key).catch(() => undefined) }),
  });
  const currency = new LRUCache<'site', { code: string | undefined }>({
    max: 1,
    ttl: HINTS_TTL_MS,
    fetchMethod: async () => ({ code: await lookups?.siteCurrency().catch(() => undefined) }),
  });
  return {
    widgetsOf: async (key: string) => (await widgets.fetch(key))?.widgets,
    siteCurrency: async () => (await currency.fetch('site'))?.code,
  };
}

/**
 * The preload groups of a page: its family and, on a promotion's page, its widgets (a failed
 * lookup only means no widget preload).
 */
async function preloadGroups(
  family: string | undefined,
  promotion: ResolvedPromo | undefined,
  widgetsOf?: WidgetLookup,
): Promise<string[]> {
  const widgets = promotion ? ((await widgetsOf?.(promotion.serverKey).catch(() => undefined)) ?? []) : [];
  return [...(family ? [family] : []), ...widgets.map((widget) => `mechanic:${widget}`)];
}

/**
 * The built frame under /promo-frame/: its files, and its pages (history-mode SPA: unknown paths
 * get the page, with status 404 where the server can tell, and the frame shows its own error
 * page), rendered on the server when it can (decision 022) and in the browser otherwise.
 */
export async function registerPageRoutes(
  app: FastifyInstance,
  settings: ServerSettings,
  indexTemplate: string,
  lookups?: PageLookups,
  /** The server render's queue and time limit; the operator API reads its counts. */
  gate: RenderGate = createRenderGate(settings.serverRender),
  /** The pages that are the same for every visitor, kept (decision 044); none without it. */
  pages?: PageCache,
): Promise<void> {
  const frameBuilt = indexTemplate !== '';
  const preloads = frameBuilt ? readPagePreloads(settings.frameDist, (message) => app.log.warn(message)) : new Map();
  // Pages are rendered on the server when the frame's server build is there (decision 022), on
  // render threads unless RENDER_THREADS is 0 (decision 043).
  const renderer = frameBuilt ? await pageRenderer(settings, indexTemplate) : null;
  if (renderer) app.addHook('onClose', () => renderer.close());
  const apiFetch = inProcessFetch(app);
  const prepareTemplate = templatePreparer(stylesheetReader(settings.frameDist));
  /**
   * The page rendered on the server, or null or kind 'client' (no server build, a failed render, a
   * page that runs in the browser only, no room or time left to render it): then the browser
   * renders it. It is a visitor's page: of the request's cookies it gets `cookie` (decision 044).
   */
  const renderOnServer = async (request: FastifyRequest, reply: FastifyReply, cookie: string, read?: PageRead) => {
    if (!renderer) return null;
    const result = await gate.run(
      (signal) =>
        renderer.render({
          url: `${request.protocol}://${request.host}${request.url}`,
          cookie,
          hostAvailable: inHost(request),
          fetch: read ? readingFetch(apiFetch, read) : apiFetch,
          signal,
        }),
      reply.elapsedTime,
    );
    if (result.ok) return result.value;
    if (result.reason === 'failed') {
      request.log.error({ err: result.error }, 'server render failed; the page renders in the browser');
    } else {
      const { waiting, running } = gate.counts();
      request.log.warn(
        { reason: result.reason, elapsedMs: Math.round(reply.elapsedTime), waiting, running },
        `server render skipped (${result.reason}); the page renders in the browser`,
      );
    }
    return null;
  };
  const hints = preloadHints(lookups);
  const rendered = new Map<string, string>();
  /**
   * Sends a page the server rendered: a kept one as its precompressed bytes with its ETag (a 304 to
   * a browser that has it). Revalidated by the browser each time, never kept by a shared cache
   * (issue 38), though it is the same for every visitor now (decision 044).
   */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, { document, bytes }: ServedPage) => {
    const policy = reply.getHeader('content-security-policy');
    if (document.styleSource && typeof policy === 'string') {
      reply.header('content-security-policy', withStyleSource(policy, document.styleSource));
    }
    if (bytes) return sendPrepared(request, reply, bytes, PAGE_CACHE_CONTROL, { type: HTML, status: document.status });
    return reply.type(HTML).header('cache-control', PAGE_CACHE_CONTROL).code(document.status).send(document.html);
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const visitor = visitorRender(request, inHost(request));
    // A kept page is sent before anything else is looked at.
    const cache = pages?.active && visitor.key !== null ? { pages, key: visitor.key } : null;
    const kept = cache?.pages.get(cache.key);
    if (kept) return sendPage(request, reply, kept);
    const lang = firstConfigLanguage(request.url, request.cookies?.[LANGUAGE_COOKIE]);
    const pathUnderBase = request.url.slice(FRAME_PREFIX.length - 1);
    // The path is read once: its page, the page's family, and on a promotion page the promotion.
    const framePage = matchFramePage(pathUnderBase);
    const promotion = promotionOf(framePage);
    const groups = await preloadGroups(framePage?.family, promotion, hints.widgetsOf);
    /** index.html with a page's preloads, built once per language and preload groups. */
    const indexWith = (groups: string[]) => {
      const key = `${lang} ${groups.join(' ')}`;
      let html = rendered.get(key);
      if (html === undefined) {
        html = renderIndex(indexTemplate, lang, settings.frameAncestors, preloadsOf(preloads, groups));
        rendered.set(key, html);
      }
      return html;
    };
    let html = indexWith(groups);
    /** The page as the server rendered it, or null: the browser renders it. */
    const renderDocument = async (read?: PageRead): Promise<RenderedDocument | null> => {
      const page = await renderOnServer(request, reply, visitor.cookie, read);
      if (page?.kind !== 'page') return null;
      // What the render showed decides the styles too: a failed route shows the error page, and a
      // CMS section (spec 2 /{section}: its path names no family, the data decides which exist) is
      // the CMS page's code. Without its styles it painted unstyled, and moved once they loaded.
      const family = page.family ?? (framePage?.name === 'section' ? 'cms' : undefined);
      const template = family && !groups.includes(family) ? indexWith([...groups, family]) : html;
      return { status: page.status, ...withRenderedPage(prepareTemplate(template), page) };
    };
    // With the cache, one render per key at a time: a request for a page being rendered waits for it.
    const served = cache
      ? await cache.pages.render(cache.key, renderDocument)
      : await renderDocument().then((document) => document && { document });
    if (served) return sendPage(request, reply, served);
    const sent = reply.type(HTML).header('cache-control', PAGE_CACHE_CONTROL);
    // Rendered in the browser: the status the path tells, and its first requests download beside
    // the entry script. Per request, not cached: server-defined promo names are open-ended.
    const status = await framePathStatus(framePage, lookups?.sectionExists);
    const currency = promotion ? await hints.siteCurrency() : undefined;
    const dataUrl = currency ? firstDataUrl(promotion, lang, currency) : undefined;
    if (dataUrl) html = html.replace('</head>', `  ${fetchPreload(dataUrl)}\n  </head>`);
    return sent.code(status).send(html);
  };
  if (frameBuilt) {
    await app.register(fastifyStatic, {
      root: settings.frameDist,
      prefix: FRAME_PREFIX,
      preCompressed: true,
      index: false,
      // A route per file of the build, listed at start-up: a page's path matches none and goes
      // to the page at once. Behind a wildcard route each page request looked for a file by its
      // path (the file's spelling, its .br, its .gz) before it became a page: a third of what a
      // page from the cache cost.
      wildcard: false,
      // Source maps and the build manifest stay on the server (tools read them from the disk).
      globIgnore: ['**/*.map'],
      allowedPath: servedBuildFile,
      // Our own cache headers: immutable hashed assets, revalidated index.html.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names assets by content hash, so they never change under the same URL.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (!filePath.endsWith('index.html')) {
          res.header('cache-control', 'public, max-age=300');
        }
      },
    });
    // The bare prefix is a page too (no file route has it).
    app.get(FRAME_PREFIX, async (request, reply) => sendIndex(request, reply));
  } else {
    app.log.warn({ frameDist: settings.frameDist }, 'frame is not built; run npm run build');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (url === '/promo-frame' || url.startsWith(FRAME_PREFIX)) &&
      !url.startsWith(`${FRAME_PREFIX}bff-api/`) &&
      !url.startsWith(`${FRAME_PREFIX}assets/`);
    if (wantsPage && frameBuilt) return sendIndex(request, reply);
    return reply
      .code(404)
      .send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method}:${url} not found` });
  });
}
