import {
  BONUS_ENDPOINTS,
  CONFIG_ENDPOINTS,
  type Endpoint,
  HUNT_ENDPOINTS,
  isLanguageCode,
  LANGUAGE_COOKIE,
  LOTTERIES,
  LUCKY_DAY_ENDPOINTS,
  nextDrawTime,
  PROMOTION_ENDPOINTS,
  promotionKeyId,
  SALES_CLOSE_MS,
  SLUG_PATTERN,
  serverRoute,
  TOURNAMENT_ENDPOINTS,
  USER_ENDPOINTS,
  WHEEL_ENDPOINTS,
} from '@promo/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.ts';
import type { ContentChange, ContentWatch } from '../db/content-watch.ts';
import { promoBanners, promotions } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { DAY_MS } from '../domain/time.ts';
import { type PreparedAnswer, prepareBytes } from '../http/prepared-answers.ts';
import type { PageDocument } from './document.ts';

/** How much one server process keeps of its pages (PAGE_CACHE, PAGE_CACHE_MAX_*; decision 044). */
export interface PageCacheLimits {
  /** Off: every page is rendered for its request, as before the cache. */
  enabled: boolean;
  maxEntries: number;
  /** The pages' bytes in all their encodings together. */
  maxBytes: number;
  /** A page is rendered again this long after it was rendered, whatever else happens. */
  maxAgeMs: number;
}

/**
 * What a server render reads of its request, and so what its page is kept under (decision 044):
 * the address (origin, path and query), the language cookie (the language of a path without one,
 * or with one the site does not offer) and whether a host frames the page. Nothing else of the
 * request reaches the render: its cookies are the language cookie alone (`cookie`), so a signed-in
 * player's request is rendered as a visitor's. The audience (country, currency), theme and view type
 * are not the request's on the server: a render starts from the frame's initial state, with the
 * site's country and currency from the config, which is content.
 */
export interface VisitorRender {
  /**
   * Null: the page is never kept. A console preview (`?preview=`) shows a draft to whoever holds
   * its link, for as long as the link lives: kept, it could outlive the link or its version.
   */
  key: string | null;
  /** The Cookie header the render gets. */
  cookie: string;
}

export function visitorRender(request: FastifyRequest, hostAvailable: boolean): VisitorRender {
  const given = request.cookies?.[LANGUAGE_COOKIE];
  const language = isLanguageCode(given) ? given : undefined;
  const preview = new URL(request.url, 'http://page').searchParams.has('preview');
  return {
    key: preview
      ? null
      : `${hostAvailable ? 'host' : 'top'} ${language ?? '-'} ${request.protocol}://${request.host}${request.url}`,
    cookie: language ? `${LANGUAGE_COOKIE}=${language}` : '',
  };
}

/**
 * What a kept page read of the content, so which content change drops it (decision 044): a
 * promotion by id, a promotion by slug, or `any` (a list, a CMS page, banners, anything not told
 * apart), which every change drops. What changes only with everything (the config, dictionaries,
 * languages) adds nothing: a change of those drops every page anyway.
 */
export type PageDependency = 'any' | `promotion:${number}` | `slug:${string}`;

/** A render's API call, told to the cache as the render makes it (its method and URL). */
export type PageRead = (method: string, url: string) => void;

/** An endpoint as a pattern of its path, its `:name` parameters captured by name. */
const routePattern = (entry: Pick<Endpoint, 'base' | 'path'>) =>
  new RegExp(
    `^${serverRoute(entry)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`,
  );

/** A promotion's id as its dependency; anything but digits is not told apart. */
const promotionId = (id: string | undefined | null): PageDependency =>
  id && /^\d{1,10}$/.test(id) ? `promotion:${Number(id)}` : 'any';

/** The promotion's own endpoint's key as the server reads it (promotionKeyId): an id or a slug. */
const promotionKey = (key: string | undefined): PageDependency => {
  const id = key === undefined ? undefined : promotionKeyId(key);
  if (id !== undefined) return `promotion:${id}`;
  return key && SLUG_PATTERN.test(key) ? `slug:${key}` : 'any';
};

/**
 * The endpoints whose answer is one promotion's (its row, looked up by the id or slug of the path,
 * plus figures that move with play, which the maximum age bounds) or nothing but the config's, by
 * method and path. The promotion's own endpoint takes an id or a slug; the mechanics' take its id.
 */
const READS: ReadonlyArray<{
  method: string;
  pattern: RegExp;
  dependency: (params: Record<string, string>, query: URLSearchParams) => PageDependency | undefined;
}> = [
  // The config, its dictionaries and parts, and the time zones' offsets (the footer's details):
  // no content of the console's. A config change drops every page; an offset moves at a
  // daylight-saving switch, within the pages' maximum age.
  ...[...Object.values(CONFIG_ENDPOINTS), USER_ENDPOINTS.timezones].map((entry) => ({
    method: entry.method,
    pattern: routePattern(entry),
    dependency: () => undefined,
  })),
  {
    method: PROMOTION_ENDPOINTS.promotion.method,
    pattern: routePattern(PROMOTION_ENDPOINTS.promotion),
    dependency: (params) => promotionKey(params.key),
  },
  ...[
    WHEEL_ENDPOINTS.state,
    TOURNAMENT_ENDPOINTS.tournament,
    TOURNAMENT_ENDPOINTS.results,
    TOURNAMENT_ENDPOINTS.ratingByTickets,
    LUCKY_DAY_ENDPOINTS.betSeries,
    LUCKY_DAY_ENDPOINTS.jackpot,
    HUNT_ENDPOINTS.board,
    BONUS_ENDPOINTS.rulesAndTerms,
  ].map((entry) => ({
    method: entry.method,
    pattern: routePattern(entry),
    dependency: (params: Record<string, string>) => promotionId(params.id),
  })),
  {
    method: LUCKY_DAY_ENDPOINTS.draw.method,
    pattern: routePattern(LUCKY_DAY_ENDPOINTS.draw),
    // Without promo_id the server's default draw: not told apart.
    dependency: (_params, query) => promotionId(query.get('promo_id')),
  },
];

/**
 * What a render's API call adds to what its page depends on: a promotion's own endpoints that
 * promotion, the config and dictionaries nothing, any other call (and anything unreadable) `any`.
 * Conservative: a page kept past a change it showed is wrong, one rendered again only costs.
 */
export function dependencyOf(method: string, url: string): PageDependency | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://page');
  } catch {
    return 'any';
  }
  for (const read of READS) {
    if (read.method !== method.toUpperCase()) continue;
    const match = read.pattern.exec(parsed.pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) {
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return 'any';
      }
    }
    return read.dependency(params, parsed.searchParams);
  }
  return 'any';
}

/** Whether a change drops a page (or a render) that read `dependencies`. */
export function changeTouches(change: ContentChange, dependencies: ReadonlySet<PageDependency>): boolean {
  if (change === 'everything' || dependencies.has('any')) return true;
  return (
    change.promotions.some((id) => dependencies.has(`promotion:${id}`)) ||
    change.slugs.some((slug) => dependencies.has(`slug:${slug}`))
  );
}

/** A rendered page as sent: its document, the style source its CSP must allow, and its status. */
export interface RenderedDocument extends PageDocument {
  status: number;
}

/** A page the cache may answer with: its document, and its bytes in every encoding once kept. */
export interface ServedPage {
  document: RenderedDocument;
  /** Compressed once, with the hash of its ETag; absent for a page that is not kept (a 500). */
  bytes?: PreparedAnswer;
}

/** What the cache did since the process started (the operator API reads it with the render counts). */
export interface PageCacheCounts {
  /** Whether the cache is used now: off while content changes cannot be heard (decision 020). */
  live: boolean;
  entries: number;
  bytes: number;
  limits: PageCacheLimits;
  /** Pages answered from the cache. */
  hits: number;
  /** Renders the cache asked for (a miss), and requests that waited for another's render instead. */
  renders: number;
  joined: number;
  /** Renders whose page was not kept: sent to the browser to render, a status other than 200 or 404, content changed meanwhile. */
  notKept: number;
  /**
   * Content changes heard, and gaps in hearing them: each dropped the pages that read what it
   * wrote (a gap, or a change of anything but promotions, all of them).
   */
  invalidations: number;
  /** Kept pages those changes dropped. */
  dropped: number;
  /** Since the last content change: keys rendered, and renders of the key rendered most. */
  keysRendered: number;
  maxRendersPerKey: number;
  /** The keys rendered most since the last content change, most first (at most RENDER_COUNTS_LISTED). */
  rendersByKey: Array<{ key: string; renders: number }>;
}

export interface PageCache {
  /** Whether pages are kept and answered from the cache now. */
  readonly active: boolean;
  /** The kept page of `key`, if any (a hit). */
  get(key: string): ServedPage | undefined;
  /**
   * The page of `key`: rendered by `render` once however many ask at the same time (the others wait
   * for it), and kept when it is the same for every visitor (status 200 or 404) and no content it
   * read changed while it rendered. `render` tells each API call it makes to `read`: what the page
   * depends on. Null when the page goes to the browser to render (never kept).
   */
  render(key: string, render: (read: PageRead) => Promise<RenderedDocument | null>): Promise<ServedPage | null>;
  counts(): PageCacheCounts;
}

/** Statuses of a page that every visitor with the same key gets (a 500 may be a passing failure). */
const KEPT_STATUSES = new Set([200, 404]);
/**
 * Brotli quality of a kept page: the levels above cost 10 to 60 times the time for 1-2 % fewer bytes
 * (a 40-80 KB page: quality 8 in 2-8 ms, 9 in 17-29 ms, 11 in 85-212 ms on this machine), and the
 * first visitors of a page wait for it.
 */
const PAGE_BROTLI_QUALITY = 8;
/** Keys whose renders are counted (the most recently rendered), and how many of them the counts list. */
const RENDER_COUNTS_KEPT = 10_000;
const RENDER_COUNTS_LISTED = 100;

/** A kept page and what it read of the content. */
interface KeptPage {
  page: ServedPage;
  dependencies: ReadonlySet<PageDependency>;
}

/** A render under way: what it read so far, and whether a change it read came meanwhile. */
interface Flight {
  dependencies: Set<PageDependency>;
  /** A change touched what it read: its page is not kept, and later requests do not wait for it. */
  touched: boolean;
  page?: Promise<ServedPage | null>;
}

const sizeOf = ({ page }: KeptPage): number => {
  const bytes = page.bytes;
  return bytes ? bytes.identity.length + bytes.br.length + bytes.gzip.length : 1;
};

/**
 * The server's pages that are the same for every visitor, kept by `VisitorRender.key` until the
 * content they read changes (`watch`, on every process of the database: a change naming promotions
 * drops the pages that read one of them or a list, any other change every page), a timed change is
 * due (`nextTimedChange`: a promotion starts or ends, a draw, a new day) or `maxAgeMs` has passed;
 * at most `maxEntries` and `maxBytes`, the least recently used going first.
 */
export function createPageCache(
  limits: PageCacheLimits,
  watch: ContentWatch,
  nextTimedChange: (now: number) => Promise<number>,
): PageCache {
  const entries = new LRUCache<string, KeptPage>({
    max: limits.maxEntries,
    maxSize: limits.maxBytes,
    sizeCalculation: sizeOf,
  });
  const flights = new Map<string, Flight>();
  const rendersByKey = new LRUCache<string, number>({ max: RENDER_COUNTS_KEPT });
  const counted = { hits: 0, renders: 0, joined: 0, notKept: 0, invalidations: 0, dropped: 0 };
  // Content changes heard: the next timed change is asked again after each.
  let generation = 0;
  // The next timed change, asked once per content version (promotions and banners are content).
  let timed: { generation: number; at: Promise<number> } | undefined;
  watch.onChange((change) => {
    generation += 1;
    counted.invalidations += 1;
    const dropped = [...entries.entries()].filter(([, kept]) => changeTouches(change, kept.dependencies));
    for (const [key] of dropped) entries.delete(key);
    counted.dropped += dropped.length;
    // A render that read what changed may show it as it was: not kept, and not waited for.
    for (const [key, flight] of flights) {
      if (!changeTouches(change, flight.dependencies)) continue;
      flight.touched = true;
      flights.delete(key);
    }
    rendersByKey.clear();
    timed = undefined;
  });
  const active = () => limits.enabled && watch.live;

  /** Until when (ms since the epoch) a page whose render began at `renderedAt` may be kept. */
  const keptUntil = async (renderedAt: number): Promise<number> => {
    if (!timed || timed.generation !== generation) {
      timed = { generation, at: nextTimedChange(renderedAt).catch(() => renderedAt) };
    }
    const at = await timed.at;
    // Passed: the next one is asked for the next page.
    if (at <= renderedAt && timed?.generation === generation) timed = undefined;
    return Math.min(renderedAt + limits.maxAgeMs, at);
  };

  const renderOnce = async (
    key: string,
    flight: Flight,
    render: (read: PageRead) => Promise<RenderedDocument | null>,
  ): Promise<ServedPage | null> => {
    const started = generation;
    const renderedAt = Date.now();
    counted.renders += 1;
    rendersByKey.set(key, (rendersByKey.get(key) ?? 0) + 1);
    // Asked beside the render (once per content version), so the page does not wait for it.
    const until = keptUntil(renderedAt);
    const document = await render((method, url) => {
      const dependency = dependencyOf(method, url);
      if (dependency) flight.dependencies.add(dependency);
    });
    if (!document || !KEPT_STATUSES.has(document.status)) {
      counted.notKept += 1;
      return document && { document };
    }
    const page = { document, bytes: await prepareBytes(Buffer.from(document.html), PAGE_BROTLI_QUALITY) };
    // What the render read may have changed by the clock since it began: kept until then, from now.
    // A change it did not read came meanwhile: the next timed change after it counts too.
    const due = started === generation ? await until : Math.min(await until, await keptUntil(renderedAt));
    const ttl = due - Date.now();
    if (!flight.touched && active() && ttl >= 1) entries.set(key, { page, dependencies: flight.dependencies }, { ttl });
    else counted.notKept += 1;
    return page;
  };

  return {
    get active() {
      return active();
    },
    get(key) {
      if (!active()) return undefined;
      const kept = entries.get(key);
      if (kept) counted.hits += 1;
      return kept?.page;
    },
    render(key, render) {
      const flying = flights.get(key)?.page;
      if (flying) {
        counted.joined += 1;
        return flying;
      }
      const flight: Flight = { dependencies: new Set(), touched: false };
      const page = renderOnce(key, flight, render).finally(() => {
        if (flights.get(key) === flight) flights.delete(key);
      });
      flight.page = page;
      flights.set(key, flight);
      return page;
    },
    counts() {
      const byKey = [...rendersByKey.entries()].map(([key, renders]) => ({ key, renders }));
      byKey.sort((a, b) => b.renders - a.renders);
      return {
        live: watch.live,
        entries: entries.size,
        bytes: entries.calculatedSize,
        limits: { ...limits },
        ...counted,
        keysRendered: byKey.length,
        maxRendersPerKey: byKey[0]?.renders ?? 0,
        rendersByKey: byKey.slice(0, RENDER_COUNTS_LISTED),
      };
    },
  };
}

/**
 * The next moment a page may change by the clock alone, after `now` (ms): a published promotion
 * starts or ends, a banner ends (the database's), a lottery's sales close or it draws, a new UTC
 * day begins (daily draws and limits). A scheduled publication needs none: it is a content change
 * when the publication job makes it.
 */
export async function nextTimedChange(db: Database | Transaction, now: number): Promise<number> {
  const at = sql`${new Date(now).toISOString()}::timestamptz`;
  const { rows } = await db.execute<{ next: number | null }>(sql`
    select extract(epoch from least(
      (select min(${promotions.startsAt}) from ${promotions} where ${promotions.published} and ${promotions.startsAt} > ${at}),
      (select min(${promotions.endsAt}) from ${promotions} where ${promotions.published} and ${promotions.endsAt} > ${at}),
      (select min(${promoBanners.endsAt}) from ${promoBanners} where ${promoBanners.endsAt} > ${at})
    ))::float8 * 1000 as next
  `);
  const draws = Object.values(LOTTERIES).flatMap((lottery) => {
    const draw = nextDrawTime(lottery, now);
    return draw - SALES_CLOSE_MS > now ? [draw - SALES_CLOSE_MS, draw] : [draw];
  });
  const stored = rows[0]?.next;
  return Math.min((Math.floor(now / DAY_MS) + 1) * DAY_MS, ...draws, ...(stored == null ? [] : [Number(stored)]));
}
