import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type FrameServerBuild,
  jsonForScript,
  type PageHead,
  type RenderedHtmlPage,
  siteConfigUrl,
} from '@promo/contract';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { ServerSettings } from '../settings.ts';

/** Where the frame is served. */
export const FRAME_PREFIX = '/promo-frame/';

/** Where a server-rendered page's markup goes in index.html (the splash between them is replaced). */
const ROOT_MARKUP = /<!--root-start-->[\s\S]*?<!--root-end-->/;

/**
 * The frame's server build beside its browser build (frame/dist-server next to frame/dist), loaded
 * into this thread when `load` (else 'built': render threads load it), or null: not built, or an
 * index.html without the root markers (pages are then rendered in the browser).
 */
export async function loadFrameServer(
  frameDist: string,
  template: string,
  load = true,
): Promise<FrameServerBuild | 'built' | null> {
  const entry = path.join(path.dirname(frameDist), 'dist-server', 'entry-server.js');
  if (!existsSync(entry) || !ROOT_MARKUP.test(template)) return null;
  return load ? ((await import(pathToFileURL(entry).href)) as FrameServerBuild) : 'built';
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
export function withRenderedPage(template: PreparedTemplate, page: RenderedHtmlPage): PageDocument {
  const { rest, styles, styleSource, links, preloads, entry, deferCode } = template;
  const lines = (tags: string[]) => tags.map((tag) => `    ${tag}\n`).join('');
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
  return { html, ...(styleSource ? { styleSource } : {}) };
}

/** What a page's index.html gives every page rendered into it: the same for each render. */
export interface PreparedTemplate {
  /** The template without its stylesheets, module preloads, config preload (and entry, deferred). */
  rest: string;
  /** Its stylesheets' texts, inlined, and their CSP source. */
  styles: string;
  styleSource?: string;
  links: string[];
  preloads: string[];
  entry?: string;
  deferCode: boolean;
}

/**
 * Templates a server keeps prepared, the least recently used going first: it has a few (its
 * preload groups), but a visitor's path and language choose among them.
 */
const PREPARED_KEPT = 64;

/**
 * A server's templates, each worked out once (its stylesheets read with `readStylesheet`):
 * scanning the template and hashing its inlined styles cost a tenth of a render, every render.
 */
export function templatePreparer(readStylesheet: StylesheetReader): (template: string) => PreparedTemplate {
  const kept = new LRUCache<string, PreparedTemplate>({ max: PREPARED_KEPT });
  return (template) => {
    let prepared = kept.get(template);
    if (!prepared) {
      prepared = prepareTemplate(template, readStylesheet);
      kept.set(template, prepared);
    }
    return prepared;
  };
}

function prepareTemplate(template: string, readStylesheet: StylesheetReader): PreparedTemplate {
  const sheets = [...template.matchAll(STYLESHEET)].map(([, href = '']) => ({ href, text: readStylesheet(href) }));
  const styles = sheets.flatMap(({ text }) => (text === undefined ? [] : [text])).join('\n');
  const entry = template.match(ENTRY_SCRIPT)?.[1];
  // The shell's config preload (its first language guess) goes: the render names its own config.
  const stripped = template.replace(STYLESHEET, '').replace(MODULE_PRELOAD, '').replace(FETCH_PRELOAD, '');
  // Without the start-up script's mark (an older index.html), the code stays in the head.
  const deferCode = entry !== undefined && template.includes(PAGE_MODULES_MARK);
  return {
    rest: deferCode ? stripped.replace(ENTRY_SCRIPT, '') : stripped,
    styles,
    ...(styles ? { styleSource: sha256Source(styles) } : {}),
    links: sheets.map(
      ({ href, text }) =>
        `<link rel="stylesheet" crossorigin href="${href}"${text === undefined ? '' : ' disabled'} />`,
    ),
    preloads: [...template.matchAll(MODULE_PRELOAD)].map(([, href]) => href ?? ''),
    ...(entry === undefined ? {} : { entry }),
    deferCode,
  };
}

/** A CSP with one more source in its style-src directive (a page's own <style> block). */
export function withStyleSource(policy: string, source: string): string {
  return policy
    .split(';')
    .map((directive) => (/^\s*style-src\s/.test(directive) ? `${directive} ${source}` : directive))
    .join(';');
}

/** Build output a browser may fetch: not source maps, not the build's own manifest. */
export const servedBuildFile = (pathName: string): boolean =>
  !pathName.endsWith('.map') && !pathName.includes('/.vite/');

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
export type PagePreload = z.infer<typeof pagePreloadsSchema>[string];

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

export const fetchPreload = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}" />`;

/**
 * index.html with what the frame will ask for first, so it downloads beside the entry script: the
 * config request, the page family's chunks and illustrations (and its stylesheets at the end of
 * the body, where they block no paint of the splash); and the allowed host origins, so the first
 * height message need not wait for the config.
 */
export function renderIndex(
  template: string,
  lang: string,
  hostOrigins: readonly string[],
  preload: PagePreload,
): string {
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
