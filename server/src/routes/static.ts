import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  APP_AUTH_COOKIE,
  FRAME_START_LANGUAGE,
  type FrameServerBuild,
  isLanguageCode,
  jsonForScript,
  LANGUAGE_COOKIE,
  type PageHead,
  type PromoWidget,
  pageFamily,
  promotionPath,
  type RenderedHtmlPage,
  type ResolvedPromo,
  resolvePromo,
  siteConfigUrl,
  WEB_API_BASE,
} from '@promo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { ServerSettings } from '../settings.ts';
import { framePathStatus } from './frame-paths.ts';
import { createRenderGate, type RenderGate } from './render-gate.ts';

const FRAME_PREFIX = '/promo-frame/';

/** Where a server-rendered page's markup goes in index.html (the splash between them is replaced). */
const ROOT_MARKUP = /<!--root-start-->[\s\S]*?<!--root-end-->/;

/**
 * The frame's server build beside its browser build (frame/dist-server next to frame/dist), or
 * null: not built, or an index.html without the root markers (pages are then rendered in the browser).
 */
export async function loadFrameServer(frameDist: string, template: string): Promise<FrameServerBuild | null> {
  const entry = path.join(path.dirname(frameDist), 'dist-server', 'entry-server.js');
  if (!existsSync(entry) || !ROOT_MARKUP.test(template)) return null;
  return (await import(pathToFileURL(entry).href)) as FrameServerBuild;
}

/** The head tags of a rendered page: title, description, canonical, languages, link card (Open Graph). */
function headTags(head: PageHead): string[] {
  const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const og = (property: string, content: string) =>
    `<meta property="og:${property}" content="${escapeHtml(content)}" />`;
  return [
    meta('description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...head.alternates.map(
      ({ lang, href }) => `<link rel="alternate" hreflang="${escapeHtml(lang)}" href="${escapeHtml(href)}" />`,
    ),
    og('type', 'website'),
    og('site_name', head.siteName),
    og('title', head.title),
    og('description', head.description),
    og('url', head.canonical),
    og('locale', head.locale),
    meta('twitter:card', 'summary'),
  ];
}

/** Reads a built stylesheet by its URL under /promo-frame/ (undefined when it is not there). */
export type StylesheetReader = (href: string) => string | undefined;

/** The build's stylesheets, read once each (they are content-hashed: a file never changes). */
export function stylesheetReader(frameDist: string): StylesheetReader {
  const texts = new Map<string, string | undefined>();
  return (href) => {
    if (!texts.has(href)) {
      const file = path.join(frameDist, href.slice(FRAME_PREFIX.length));
      const inside = href.startsWith(`${FRAME_PREFIX}assets/`) && !href.includes('..') && href.endsWith('.css');
      // A closing tag inside the text would end the <style> block early: that file stays a link.
      const text = inside && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      texts.set(href, text?.includes('</') ? undefined : text);
    }
    return texts.get(href);
  };
}

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\n?/g;
const FETCH_PRELOAD = /[ \t]*<link rel="preload" as="fetch"[^>]*>\n?/g;
const ENTRY_SCRIPT = /[ \t]*<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\n?/;
/** Where index.html's start-up script (after the page has painted) looks for the page's code. */
const PAGE_MODULES_MARK = '<!--page-modules-->';

/** A server-rendered page's HTML and the CSP source its inline styles need. */
export interface PageDocument {
  html: string;
  /** 'sha256-…' of the page's <style> block, for its Content-Security-Policy (none without one). */
  styleSource?: string;
}

/**
 * index.html around a server-rendered page (decisions 022, 023): its language and direction, head,
 * markup and data. Its first paint waits for the HTML alone:
 * - its stylesheets are inlined in one <style> block in the head (the content is in the markup
 *   and must not paint unstyled); their links stay, disabled (never fetched), so the frame's code
 *   loader, which adds a chunk's stylesheet unless a link names it, does not fetch them again;
 * - its code (the entry and the page's modules) and the config it hydrates with are named in a
 *   data block that index.html's start-up script loads once the page has painted, instead of in
 *   the head, where the browser would run the code before the first paint and hold the page back
 *   until hydration is done.
 */
export function withRenderedPage(
  template: string,
  page: RenderedHtmlPage,
  readStylesheet: StylesheetReader,
): PageDocument {
  const lines = (tags: string[]) => tags.map((tag) => `    ${tag}\n`).join('');
  const sheets = [...template.matchAll(STYLESHEET)].map(([, href = '']) => ({ href, text: readStylesheet(href) }));
  const styles = sheets.flatMap(({ text }) => (text === undefined ? [] : [text])).join('\n');
  const links = sheets.map(
    ({ href, text }) => `<link rel="stylesheet" crossorigin href="${href}"${text === undefined ? '' : ' disabled'} />`,
  );
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map(([, href]) => href ?? '');
  const entry = template.match(ENTRY_SCRIPT)?.[1];
  // The shell's config preload (its first language guess) goes: the render names its own config.
  const stripped = template.replace(STYLESHEET, '').replace(MODULE_PRELOAD, '').replace(FETCH_PRELOAD, '');
  // Without the start-up script's mark (an older index.html), the code stays in the head.
  const deferCode = entry !== undefined && template.includes(PAGE_MODULES_MARK);
  const rest = deferCode ? stripped.replace(ENTRY_SCRIPT, '') : stripped;
  // The answers the page hydrates with: its config, then its dictionary units.
  const fetches = [...(page.configUrl ? [page.configUrl] : []), ...(page.dictionaryUrls ?? [])];
  const head = [
    ...headTags(page.head),
    ...(deferCode ? [] : fetches.map(fetchPreload)),
    ...(deferCode ? [] : preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`)),
    ...(styles ? [`<style>${styles}</style>`] : []),
    ...links,
  ];
  const modules = `<script type="application/json" id="promo-page-modules">${jsonForScript({ entry, preloads, fetches })}</script>`;
  const html = rest
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${escapeHtml(page.lang)}" dir="${page.dir}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.head.title)}</title>`)
    .replace(/[ \t]*<\/head>/, `${lines(head)}  </head>`)
    .replace(ROOT_MARKUP, () => page.html)
    .replace(PAGE_MODULES_MARK, () => (deferCode ? modules : ''))
    .replace(/[ \t]*<\/body>/, () => `    ${page.dataScript}\n  </body>`);
  return { html, ...(styles ? { styleSource: sha256Source(styles) } : {}) };
}

/** A CSP with one more source in its style-src directive (a page's own <style> block). */
export function withStyleSource(policy: string, source: string): string {
  return policy
    .split(';')
    .map((directive) => (/^\s*style-src\s/.test(directive) ? `${directive} ${source}` : directive))
    .join(';');
}

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

/** Build output a browser may fetch: not source maps, not the build's own manifest. */
const servedBuildFile = (pathName: string): boolean => !pathName.endsWith('.map') && !pathName.includes('/.vite/');

/** The built frame's index.html, or '' when the frame is not built. */
export async function readFrameIndex(settings: ServerSettings): Promise<string> {
  const file = path.join(settings.frameDist, 'index.html');
  return existsSync(file) ? readFile(file, 'utf8') : '';
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * CSP sources ('sha256-…') for a page's inline scripts or style blocks, so no 'unsafe-inline' is
 * needed. Scripts with a src need none.
 */
export function inlineHashes(html: string, element: 'script' | 'style'): string[] {
  const pattern = new RegExp(`<${element}(?![^>]*\\bsrc=)[^>]*>([\\s\\S]*?)</${element}>`, 'g');
  return [...html.matchAll(pattern)].map(([, body]) => sha256Source(body ?? ''));
}

/** Text or an attribute value, safe inside HTML (quotes included). */
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page family's first-paint files, as the frame build lists them (.vite/page-preloads.json). */
const ASSET = z.string().regex(/^assets\/[\w.-]+$/);
const pagePreloadsSchema = z.record(
  z.string(),
  z.object({ modules: z.array(ASSET), styles: z.array(ASSET), images: z.array(ASSET) }),
);
type PagePreload = z.infer<typeof pagePreloadsSchema>[string];

/** The build's per-family preload lists; none (and a warning) when missing or malformed. */
export function readPagePreloads(frameDist: string, warn: (message: string) => void): Map<string, PagePreload> {
  const file = path.join(frameDist, '.vite', 'page-preloads.json');
  if (!existsSync(file)) return new Map();
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    warn(`ignoring ${file}: ${String(error)}`);
    return new Map();
  }
  const parsed = pagePreloadsSchema.safeParse(json);
  if (!parsed.success) {
    warn(`ignoring ${file}: ${parsed.error.message}`);
    return new Map();
  }
  return new Map(Object.entries(parsed.data));
}

/**
 * What a page preloads: the files of every page ('*'), of its family and of its promotion
 * mechanics ('mechanic:<name>'), each file once.
 */
export function preloadsOf(preloads: Map<string, PagePreload>, groups: readonly string[]): PagePreload {
  const lists = ['*', ...groups].map((group) => preloads.get(group));
  const merged = (pick: (preload: PagePreload) => string[]) => [
    ...new Set(lists.flatMap((preload) => (preload ? pick(preload) : []))),
  ];
  return { modules: merged((p) => p.modules), styles: merged((p) => p.styles), images: merged((p) => p.images) };
}

const fetchPreload = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}" />`;

/**
 * index.html with what the frame will ask for first, so it downloads beside the entry script: the
 * config request, the page family's chunks and illustrations (and its stylesheets at the end of
 * the body, where they block no paint of the splash); and the allowed host origins, so the first
 * height message need not wait for the config.
 */
function renderIndex(template: string, lang: string, hostOrigins: readonly string[], preload: PagePreload): string {
  const href = (file: string) => `${FRAME_PREFIX}${file}`;
  const head = [
    `<meta name="promo-frame-hosts" content="${escapeHtml(JSON.stringify(hostOrigins))}" />`,
    fetchPreload(siteConfigUrl(lang)),
    ...preload.images.map((file) => `<link rel="preload" as="image" fetchpriority="high" href="${href(file)}" />`),
    ...preload.modules.map((file) => `<link rel="modulepreload" crossorigin href="${href(file)}" />`),
  ];
  const body = preload.styles.map((file) => `<link rel="stylesheet" crossorigin href="${href(file)}" />`);
  const lines = (tags: string[]) => tags.map((tag) => `    ${tag}\n`).join('');
  return template
    .replace(/[ \t]*<\/head>/, `${lines(head)}  </head>`)
    .replace(/[ \t]*<\/body>/, `${lines(body)}  </body>`);
}

/** The promotion a promotion page shows, when the path alone names it (registry name, alias or id). */
export function promotionOfPath(pathUnderBase: string): ResolvedPromo | undefined {
  if (pageFamily(pathUnderBase) !== 'promotion') return undefined;
  const segments = (pathUnderBase.split(/[?#]/)[0] ?? '').split('/').filter(Boolean);
  const name = segments[segments.indexOf('promotion') + 1];
  try {
    return resolvePromo(decodeURIComponent(name ?? ''));
  } catch {
    return undefined;
  }
}

/**
 * The public data a page asks for first, when its path named a promotion: that promotion's own
 * data in the page's language and the visitor's currency (the frame asks for the same URL).
 */
export function firstDataUrl(promotion: ResolvedPromo | undefined, lang: string, currency: string): string | undefined {
  return promotion && `${WEB_API_BASE}${promotionPath(promotion.serverKey)}?${new URLSearchParams({ lang, currency })}`;
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
 * The built frame under /promo-frame/ (history-mode SPA: unknown paths get index.html, with status
 * 404 where the server can tell, and the frame shows its own error page), CMS files under /genfiles/ and the demo host page.
 */
export async function registerStaticRoutes(
  app: FastifyInstance,
  settings: ServerSettings,
  indexTemplate: string,
  lookups?: PageLookups,
  /** The server render's queue and time limit; the operator API reads its counts. */
  gate: RenderGate = createRenderGate(settings.serverRender),
): Promise<void> {
  const frameBuilt = indexTemplate !== '';
  const preloads = frameBuilt ? readPagePreloads(settings.frameDist, (message) => app.log.warn(message)) : new Map();
  // Pages are rendered on the server when the frame's server build is there (decision 022).
  const frameServer = frameBuilt ? await loadFrameServer(settings.frameDist, indexTemplate) : null;
  const apiFetch = inProcessFetch(app);
  const readStylesheet = stylesheetReader(settings.frameDist);
  /**
   * The page rendered on the server, or null or kind 'client' (no server build, a failed render, a
   * page that runs in the browser only, no room or time left to render it): then the browser
   * renders it.
   */
  const renderOnServer = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!frameServer) return null;
    const result = await gate.run(
      (signal) =>
        frameServer.renderPage({
          url: `${request.protocol}://${request.host}${request.url}`,
          cookie: request.headers.cookie ?? '',
          hostAvailable: inHost(request),
          fetch: apiFetch,
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
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = firstConfigLanguage(request.url, request.cookies?.[LANGUAGE_COOKIE]);
    const pathUnderBase = request.url.slice(FRAME_PREFIX.length - 1);
    // The path is read once: its family, and on a promotion page the promotion it names.
    const promotion = promotionOfPath(pathUnderBase);
    const groups = await preloadGroups(pageFamily(pathUnderBase), promotion, hints.widgetsOf);
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
    const page = await renderOnServer(request, reply);
    // Rendered with the request's cookies (the player's token, language, view): the browser's own,
    // asked again each time, never a shared cache's (issue 38).
    const sent = reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache');
    if (page?.kind === 'page') {
      // What the render showed decides the styles too: a failed route shows the error page.
      const template = page.family && !groups.includes(page.family) ? indexWith([...groups, page.family]) : html;
      const document = withRenderedPage(template, page, readStylesheet);
      const policy = reply.getHeader('content-security-policy');
      if (document.styleSource && typeof policy === 'string') {
        sent.header('content-security-policy', withStyleSource(policy, document.styleSource));
      }
      return sent.code(page.status).send(document.html);
    }
    // Rendered in the browser: the status the path tells, and its first requests download beside
    // the entry script. Per request, not cached: server-defined promo names are open-ended.
    const status = await framePathStatus(pathUnderBase, lookups?.sectionExists);
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
      wildcard: true,
      // Source maps and the build manifest stay on the server (tools read them from the disk).
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
    // The wildcard route would treat the bare prefix as a directory listing (403) for clients
    // that accept no compressed encoding.
    app.get(FRAME_PREFIX, async (request, reply) => sendIndex(request, reply));
  } else {
    app.log.warn({ frameDist: settings.frameDist }, 'frame is not built; run npm run build');
  }

  await app.register(fastifyStatic, {
    root: path.join(settings.publicDir, 'genfiles'),
    prefix: '/genfiles/',
    decorateReply: false,
  });
  if (existsSync(settings.hostSdkDist)) {
    await app.register(fastifyStatic, {
      root: settings.hostSdkDist,
      prefix: '/host-sdk/',
      decorateReply: false,
      allowedPath: servedBuildFile,
      // The SDK is imported by host pages of other origins (README): readable cross-origin, and
      // only this bundle is.
      setHeaders(res) {
        res.header('access-control-allow-origin', '*');
        res.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
  // The "external app path" of the fingerprint script (spec 7).
  await app.register(fastifyStatic, {
    root: path.join(settings.publicDir, 'fingerprint'),
    prefix: '/fingerprint/',
    decorateReply: false,
    maxAge: 300_000,
  });
  await app.register(fastifyStatic, {
    root: path.join(settings.publicDir, 'demo-host'),
    prefix: '/demo-host/',
    decorateReply: false,
    index: false,
  });

  // The first address the start command prints: the demo host is what there is to see.
  app.get('/', async (_request, reply) => reply.redirect('/demo-host/', 302));

  const demoHostHtml = await readFile(path.join(settings.publicDir, 'demo-host', 'index.html'), 'utf8');
  app.get(
    '/demo-host/',
    {
      helmet: {
        contentSecurityPolicy: {
          directives: {
            'default-src': ["'self'"],
            'frame-src': ["'self'", ...settings.frameAncestors],
            'frame-ancestors': ["'none'"],
          },
        },
      },
    },
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(demoHostHtml),
  );

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
