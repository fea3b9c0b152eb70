import type { PageFamily } from './page-family.ts';

/**
 * The reference server and the frame's server build agree on this (decision 022): the server
 * hands a page request to the frame's `renderPage` and puts what comes back into index.html.
 */

/**
 * JSON safe inside a <script type="application/json"> element: `<` is escaped so that no
 * `</script>` or `<!--` in the data can end or change the element (and U+2028/2029 for old
 * parsers). The page's data block (the frame's server build) and its code list (the server) use it.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The mobile app's authorization cookie: a page that has it runs inside the app (spec 3). */
export const APP_AUTH_COOKIE = 'app_auth_token';

/** What the server knows of a page request. */
export interface PageRequest {
  /** The page's absolute URL (scheme and host as the client asked). */
  url: string;
  /** The request's Cookie header (the language cookie decides an unprefixed page's language). */
  cookie: string;
  /** The page is framed by a host or runs in the app (Sec-Fetch-Dest, the app's cookie). */
  hostAvailable: boolean;
  /** The API, answered in process (the server's own routes), for relative URLs like the browser's. */
  fetch: typeof fetch;
  /** Aborts when the server gives the render up (its time limit): the render stops its work. */
  signal?: AbortSignal;
}

/** The page's head: what a search engine and a messenger's link card read. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's address in its own language. */
  canonical: string;
  /** Its address in each language of the site (hreflang). */
  alternates: Array<{ lang: string; href: string }>;
  locale: string;
  siteName: string;
}

export interface RenderedHtmlPage {
  kind: 'page';
  status: number;
  lang: string;
  dir: 'ltr' | 'rtl';
  head: PageHead;
  /** The markup inside #root. */
  html: string;
  /** The data block the client hydrates from (a <script type="application/json">). */
  dataScript: string;
  /**
   * The site config the page was rendered with, which the browser fetches before it hydrates
   * (preloaded by the head; not in the data block, which would repeat its dictionary on every
   * page instead of the one cached answer). None when the render had no config.
   */
  configUrl?: string;
  /** The dictionary units the page was rendered with, fetched (preloaded) like the config. */
  dictionaryUrls?: string[];
  /**
   * The family of what was rendered, when the path's is not it: 'error' when a route failed (its
   * styles are then the page's too).
   */
  family?: PageFamily;
}

export type RenderedPage =
  /** A page that runs in the browser: it acts on arrival (the app's sign-in, an alias that sends the player on). */
  { kind: 'client' } | RenderedHtmlPage;

/** The frame's server build (frame/dist-server/entry-server.js). */
export interface FrameServerBuild {
  renderPage(request: PageRequest): Promise<RenderedPage>;
  /** Loads every page's code ahead of the first render (a render thread's warm-up). */
  prepareRenders(): Promise<void>;
}
