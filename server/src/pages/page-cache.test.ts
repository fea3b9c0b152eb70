import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  AUTH_ENDPOINTS,
  BONUS_ENDPOINTS,
  CMS_ENDPOINTS,
  CONFIG_ENDPOINTS,
  CONSOLE_ENDPOINTS,
  HUNT_ENDPOINTS,
  LOTTERIES,
  LOTTO_ENDPOINTS,
  LUCKY_DAY_ENDPOINTS,
  nextDrawTime,
  PROMOTION_ENDPOINTS,
  SALES_CLOSE_MS,
  serverRoute,
  TOURNAMENT_ENDPOINTS,
  USER_ENDPOINTS,
  USER_TOKEN_COOKIE,
  WHEEL_ENDPOINTS,
} from '@promo/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { dictionaryEntries, promoBanners, promotions, siteSettings } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { DEMO_USERS } from '../seed/demo-players.ts';
import { DEMO_OPERATOR_KEY } from '../settings.ts';
import {
  consoleCall,
  consoleUrl,
  databaseTargets,
  fastLogin,
  staffSignIn,
  type TestServer,
  testDatabaseUrl,
  useTestServer,
  useTwoServers,
  XHR_HEADERS,
} from '../testing.ts';
import { dependencyOf, nextTimedChange } from './page-cache.ts';

/**
 * The page cache (decision 044) on the real app and database, with a stand-in for the frame's
 * server build: what it renders, how often it is asked, and what the visitor gets.
 */
const INDEX =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Promotions</title></head><body>' +
  '<div id="root"><!--root-start--><div class="boot-splash"></div><!--root-end--></div>' +
  '<script type="module" crossorigin src="/promo-frame/assets/index-1.js"></script></body></html>';

/** What the stand-in keeps across its renders: renders per path and query, and renders held back. */
interface StandIn {
  renders: Record<string, number>;
  held: Array<() => void>;
}

/**
 * The stand-in renders what its request lets it read: the cookies it is given and, with them, the
 * session's player (their id and balance, through the API as the frame's loaders call it). A server
 * that handed a player's cookies to a kept page would show them in it. `/held` waits until the test
 * lets it go; a promotion's page asks the API for the promotion (404 when there is none) and, as
 * the frame's mechanics do, what its widgets show: a tournament's standings, a weekly jackpot, the
 * standings of the promotion a broadcast shows. With `?held` it waits after those reads, on its
 * first render. The promotions list (`/promotion`) asks for the index.
 */
const SERVER_BUILD = `
const state = (globalThis.pageCacheStandIn ??= { renders: {}, held: [] });
const PROMOTION = '${serverRoute(PROMOTION_ENDPOINTS.promotion).replace(':key', '')}';
const of = (route, id) => route.replace(':id', id);
async function widgets(api, shown, lang) {
  const reads = [];
  if (shown.template === 'tournament') {
    reads.push(of('${serverRoute(TOURNAMENT_ENDPOINTS.tournament)}', shown.id));
    reads.push(of('${serverRoute(TOURNAMENT_ENDPOINTS.results)}', shown.id) + '?offset=0&limit=10');
  }
  if (shown.mechanic === 'weekly-jackpot') reads.push(of('${serverRoute(LUCKY_DAY_ENDPOINTS.jackpot)}', shown.id) + '?currency=USD');
  if (shown.of) {
    const board = await (await api(PROMOTION + shown.of + '?lang=' + lang)).json();
    reads.push(of('${serverRoute(TOURNAMENT_ENDPOINTS.results)}', board.id) + '?offset=0&limit=10');
  }
  let html = '';
  for (const read of reads) html += '<p>' + read.split('?')[0] + ': ' + (await api(read)).status + '</p>';
  return html;
}
export async function renderPage(request) {
  const url = new URL(request.url);
  const asked = url.pathname + url.search;
  state.renders[asked] = (state.renders[asked] ?? 0) + 1;
  const api = (p, headers = {}) => request.fetch(p, { headers: { 'x-requested-with': 'XMLHttpRequest', ...headers } });
  if (url.pathname.endsWith('/held')) await new Promise((resolve) => state.held.push(resolve));
  if (url.pathname.endsWith('/broken')) throw new Error('render failed');
  if (url.pathname.includes('/mobile-app/')) return { kind: 'client' };
  const prefix = url.pathname.split('/')[2];
  const lang = /^[a-z]{2}$/.test(prefix) ? prefix : (/(?:^|; )language=(\\w+)/.exec(request.cookie)?.[1] ?? 'en');
  let status = 200;
  let main;
  const promotion = /\\/promotion\\/([\\w-]+)$/.exec(url.pathname)?.[1];
  if (promotion) {
    const answer = await api(PROMOTION + promotion + '?lang=' + lang);
    status = answer.status === 404 ? 404 : 200;
    if (status === 404) main = '<h1>No such promotion</h1>';
    else {
      const shown = await answer.json();
      main = '<h1>' + shown.slug + '</h1>' + (await widgets(api, shown, lang));
    }
    if (url.searchParams.has('held') && state.renders[asked] === 1) await new Promise((resolve) => state.held.push(resolve));
  } else if (url.pathname.endsWith('/promotion')) {
    const { promotions } = await (await api('${serverRoute(PROMOTION_ENDPOINTS.index)}?lang=' + lang)).json();
    main = '<h1>Promotions</h1><ul>' + promotions.map((card) => '<li>' + card.slug + '</li>').join('') + '</ul>';
  } else if (url.pathname.endsWith('/missing')) {
    status = 404;
    main = '<h1>Not found</h1>';
  } else if (url.pathname.endsWith('/failing')) {
    status = 500;
    main = '<h1>Something failed</h1>';
  } else {
    const { token } = await (await api('${serverRoute(AUTH_ENDPOINTS.getToken)}', { cookie: request.cookie })).json();
    const who = await api('${serverRoute(AUTH_ENDPOINTS.sessionUser)}', { 'x-auth': 'Bearer ' + token });
    const balance = await request.fetch('${serverRoute(USER_ENDPOINTS.balance)}', {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', 'x-auth': 'Bearer ' + token },
      body: '{}',
    });
    main = '<h1>Promotions</h1><p>cookie: ' + request.cookie + '</p><p>who: ' + (await who.text()) +
      '</p><p>balance: ' + (balance.ok ? await balance.text() : 'none') + '</p><p>host: ' + request.hostAvailable + '</p>';
  }
  return {
    kind: 'page',
    status,
    lang,
    dir: 'ltr',
    head: { title: 'Promotions', description: 'Offers', canonical: url.href, alternates: [], locale: lang, siteName: 'Promotions' },
    html: '<main>' + main + '</main>',
    dataScript: '<script type="application/json" id="promo-ssr-data">{}</script>',
  };
}
`;

const root = mkdtempSync(path.join(tmpdir(), 'promo-page-cache-'));
const frameDist = path.join(root, 'dist');
mkdirSync(path.join(frameDist, 'assets'), { recursive: true });
mkdirSync(path.join(root, 'dist-server'));
writeFileSync(path.join(frameDist, 'index.html'), INDEX);
writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), SERVER_BUILD);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const standIn = (): StandIn =>
  (globalThis as { pageCacheStandIn?: StandIn }).pageCacheStandIn ?? { renders: {}, held: [] };
const frameRenders = (url: string) => standIn().renders[url] ?? 0;

const OPERATOR = { authorization: `Bearer ${DEMO_OPERATOR_KEY}` };
/** The page cache's counts, as the operator API answers them. */
async function pageCounts(server: TestServer) {
  const answer = await server.app.inject({ url: '/operator-api/v1/server/renders', headers: OPERATOR });
  return answer.json().pageCache as {
    live: boolean;
    entries: number;
    hits: number;
    renders: number;
    joined: number;
    notKept: number;
    invalidations: number;
    dropped: number;
    rendersByKey: Array<{ key: string; renders: number }>;
  };
}

/** Renders of the page of `url` (any key) the cache asked for since the content last changed. */
const keyRenders = async (server: TestServer, url: string) =>
  (await pageCounts(server)).rendersByKey.filter(({ key }) => key.endsWith(url)).reduce((n, k) => n + k.renders, 0);

/**
 * A content write, once the server has heard it: a test that left a change unheard would see it
 * drop the next test's pages (the tests of a server run in random order).
 */
async function heard(server: TestServer, write: () => Promise<unknown>) {
  const before = (await pageCounts(server)).invalidations;
  await write();
  await vi.waitFor(async () => expect((await pageCounts(server)).invalidations).toBeGreaterThan(before), {
    timeout: 5000,
  });
}

/** A content write (a statement on site_settings that changes nothing), heard by the server. */
const changeContent = (server: TestServer) =>
  heard(server, () => server.database.db.execute(sql`update ${siteSettings} set updated_at = updated_at`));

/** Settings of the servers here: one render at a time and none waiting (a second is the browser's). */
const SETTINGS = { frameDist, serverRender: { queueMax: 0, timeLimitMs: 60_000, concurrency: 1, threads: 0 } };

describe('pages the same for every visitor are rendered once and kept', () => {
  const server = useTestServer(undefined, SETTINGS);
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ url, headers });

  test('a kept page goes in the encoding the browser takes, with a strong ETag per encoding; a browser that has it gets a 304', async () => {
    const url = '/promo-frame/en/encodings';
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    const html = brotliDecompressSync(first.rawPayload).toString();
    expect(html).toContain('<main><h1>Promotions</h1>');
    const hash = /^"([\w-]+)-br"$/.exec(String(first.headers.etag))?.[1];
    expect(hash).toBeDefined();
    const asIs = (bytes: Buffer) => bytes;
    for (const [accept, encoding, etag, decode] of [
      ['br', 'br', `"${hash}-br"`, brotliDecompressSync],
      ['gzip, deflate, br', 'br', `"${hash}-br"`, brotliDecompressSync],
      ['gzip', 'gzip', `"${hash}-gzip"`, gunzipSync],
      ['identity', undefined, `"${hash}"`, asIs],
    ] as const) {
      const answer = await get(url, { 'accept-encoding': accept });
      expect([answer.statusCode, answer.headers['content-encoding'], answer.headers.etag]).toEqual([
        200,
        encoding,
        etag,
      ]);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(answer.rawPayload).toString()).toBe(html);
    }
    // The ETag of any encoding names the same page (weak comparison): nothing to send again.
    for (const etag of [`"${hash}-br"`, `"${hash}"`, `W/"${hash}-gzip"`]) {
      const again = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect([again.statusCode, again.body]).toEqual([304, '']);
    }
    expect((await get(url, { 'if-none-match': '"another-page"' })).statusCode).toBe(200);
    expect(frameRenders(url)).toBe(1);
    expect(await keyRenders(server, url)).toBe(1);
  });

  test('twenty requests for a page being rendered wait for its one render and get the same page', async () => {
    const url = '/promo-frame/en/held';
    const before = await pageCounts(server);
    const answers = Promise.all(Array.from({ length: 20 }, () => get(url, { 'accept-encoding': 'br' })));
    try {
      await vi.waitFor(async () => expect((await pageCounts(server)).joined - before.joined).toBe(19), {
        timeout: 5000,
      });
      expect(standIn().held).toHaveLength(1);
    } finally {
      for (const release of standIn().held.splice(0)) release();
    }
    const bodies = (await answers).map((answer) => {
      expect(answer.statusCode).toBe(200);
      return brotliDecompressSync(answer.rawPayload).toString();
    });
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('<h1>Promotions</h1>');
    expect(frameRenders(url)).toBe(1);
    const after = await pageCounts(server);
    expect([after.renders - before.renders, after.joined - before.joined]).toEqual([1, 19]);
  });

  test.each([
    ['a page that runs in the browser (the app sign-in)', '/promo-frame/en/mobile-app/x', 200, 'boot-splash'],
    // The splash, with the status the path tells (the frame has no page of that name).
    ['a page whose render failed', '/promo-frame/en/broken', 404, 'boot-splash'],
    ['a page that failed on the server (500)', '/promo-frame/en/failing', 500, 'Something failed'],
  ])('%s is never kept: each request asks for a render', async (_name, url, status, shows) => {
    for (const n of [1, 2]) {
      const answer = await get(url);
      expect([answer.statusCode, answer.headers.etag]).toEqual([status, undefined]);
      expect(answer.body).toContain(shows);
      expect(frameRenders(url)).toBe(n);
    }
  });

  test("the frame's 404 page is the same for every visitor: kept, without an ETag and kept by no other cache", async () => {
    const url = '/promo-frame/en/missing';
    for (const _ of [1, 2, 3]) {
      const answer = await get(url, { 'accept-encoding': 'gzip' });
      expect([answer.statusCode, answer.headers.etag, answer.headers['cache-control']]).toEqual([
        404,
        undefined,
        'no-store',
      ]);
      expect(gunzipSync(answer.rawPayload).toString()).toContain('<h1>Not found</h1>');
    }
    expect(frameRenders(url)).toBe(1);
  });

  test('a page sent to the browser because the render queue was full is not kept: the next request renders it', async () => {
    const held = '/promo-frame/ar/held';
    const url = '/promo-frame/en/lotto';
    const running = get(held);
    try {
      await vi.waitFor(() => expect(standIn().held).toHaveLength(1), { timeout: 5000 });
      const turnedAway = await get(url);
      expect([turnedAway.statusCode, turnedAway.headers.etag]).toEqual([200, undefined]);
      expect(turnedAway.body).toContain('boot-splash');
      expect(frameRenders(url)).toBe(0);
    } finally {
      for (const release of standIn().held.splice(0)) release();
    }
    expect((await running).statusCode).toBe(200);
    const rendered = await get(url);
    expect(rendered.body).toContain('<h1>Promotions</h1>');
    expect(rendered.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(frameRenders(url)).toBe(1);
  });

  test('a console preview is rendered for each request and never kept: it lives as long as its link', async () => {
    const url = '/promo-frame/en/lotto?preview=abcdefghijklmnopqrstuvwx';
    const first = await get(url);
    const second = await get(url);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.body).toContain('<h1>Promotions</h1>');
    expect([first.headers.etag, second.headers.etag]).toEqual([undefined, undefined]);
    expect(frameRenders(url)).toBe(2);
    expect(await keyRenders(server, url)).toBe(0);
  });

  test('the language cookie and the host flag are part of the key; other cookies are not', async () => {
    const url = '/promo-frame/keyed';
    const cases: Array<{
      headers: Record<string, string>;
      lang: string;
      cookie: string;
      host: boolean;
      renders: number;
    }> = [
      { headers: {}, lang: 'en', cookie: '', host: false, renders: 1 },
      { headers: { cookie: 'language=ar' }, lang: 'ar', cookie: 'language=ar', host: false, renders: 2 },
      // Another cookie beside it: the same page, not rendered again.
      {
        headers: { cookie: 'theme=dark; language=ar; promo_sid=x' },
        lang: 'ar',
        cookie: 'language=ar',
        host: false,
        renders: 2,
      },
      // Not a language: as no cookie.
      { headers: { cookie: 'language=english' }, lang: 'en', cookie: '', host: false, renders: 2 },
      // In a host's iframe: the host's page.
      { headers: { 'sec-fetch-dest': 'iframe' }, lang: 'en', cookie: '', host: true, renders: 3 },
    ];
    for (const { headers, lang, cookie, host, renders } of cases) {
      const html = (await get(url, headers)).body;
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(`<p>cookie: ${cookie}</p>`);
      expect(html).toContain(`<p>host: ${host}</p>`);
      expect(frameRenders(url)).toBe(renders);
    }
  });

  test('nothing personal: a visitor and two signed-in players get the same bytes, whoever asked first', async () => {
    const url = '/promo-frame/en/personal';
    const players = await Promise.all(
      [DEMO_USERS[0], DEMO_USERS[1]].map(async (user) => {
        const signedIn = await fastLogin(server, user.login, user.password);
        const session = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
        const { token } = (
          await server.app.inject({ url: serverRoute(AUTH_ENDPOINTS.getToken), headers: { cookie: session } })
        ).json();
        // What the player's browser sends: their session, their token (spec 3) and their language.
        const cookie = `${session}; ${USER_TOKEN_COOKIE}=${token}; language=en`;
        const amounts = user.accounts.map((account) => account.amount);
        return { cookie, secrets: [user.login, `"user_id":${signedIn.json().user_id}`, token, session, ...amounts] };
      }),
    );
    const askers = [{ cookie: 'language=en' }, ...players.map(({ cookie }) => ({ cookie }))];
    const bodies: string[] = [];
    for (const first of askers) {
      // The page is rendered for the first to ask, the others get that page.
      await changeContent(server);
      for (const asker of [first, ...askers.filter((other) => other !== first)]) {
        bodies.push(
          brotliDecompressSync((await get(url, { ...asker, 'accept-encoding': 'br' })).rawPayload).toString(),
        );
      }
      expect(await keyRenders(server, url)).toBe(1);
    }
    expect(frameRenders(url)).toBe(3);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('<p>who: {"user_id":null}</p><p>balance: none</p>');
    for (const secret of players.flatMap((player) => player.secrets)) expect(bodies[0]).not.toContain(secret);
  });

  test('a content change on the database drops every kept page', async () => {
    const url = '/promo-frame/en/content';
    await get(url);
    await get(url);
    expect(frameRenders(url)).toBe(1);
    await changeContent(server);
    expect((await pageCounts(server)).entries).toBe(0);
    await get(url);
    expect(frameRenders(url)).toBe(2);
  });

  test("a page is rendered again once a promotion's end is due, long before its maximum age", async () => {
    const url = '/promo-frame/en/timed';
    const [wheel] = await server.database.db
      .select({ endsAt: promotions.endsAt })
      .from(promotions)
      .where(eq(promotions.id, 138));
    const endSoon = (at: Date | null) =>
      heard(server, () => server.database.db.update(promotions).set({ endsAt: at }).where(eq(promotions.id, 138)));
    await endSoon(new Date(Date.now() + 1500));
    try {
      await vi.waitFor(
        async () => {
          await get(url);
          expect(frameRenders(url)).toBeGreaterThanOrEqual(2);
        },
        { timeout: 10_000, interval: 200 },
      );
    } finally {
      await endSoon(wheel?.endsAt ?? null);
    }
  });

  test.runIf(testDatabaseUrl)(
    'while content changes cannot be heard, nothing is kept; then pages are kept again',
    async () => {
      const url = '/promo-frame/en/unheard';
      // The listening connection is lost (a PostgreSQL restart, a network cut).
      await server.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'promo-frame notifications' and datname = current_database()`,
      );
      await vi.waitFor(async () => expect((await pageCounts(server)).live).toBe(false), { timeout: 5000 });
      await get(url);
      await get(url);
      expect(frameRenders(url)).toBe(2);
      // Reconnected (after a second): kept again.
      await vi.waitFor(async () => expect((await pageCounts(server)).live).toBe(true), { timeout: 10_000 });
      await get(url);
      await get(url);
      expect(frameRenders(url)).toBe(3);
    },
  );
});

describe("what a render's API call makes its page depend on", () => {
  const path = (entry: Parameters<typeof serverRoute>[0], params: Record<string, string> = {}, query = '') =>
    serverRoute(entry).replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '') + query;
  test.each<[string, string, string, string | undefined]>([
    ['the config', 'GET', `${path(CONFIG_ENDPOINTS.siteConfig)}?lang=ar`, undefined],
    [
      'a unit of the dictionaries',
      'GET',
      path(CONFIG_ENDPOINTS.dictionaryUnit, { file: 'promotions.json' }),
      undefined,
    ],
    ['a part of the config', 'GET', path(CONFIG_ENDPOINTS.configPart, { file: 'games.json' }), undefined],
    // The footer's time zones: no content, so a publish keeps every page that shows a footer.
    ["the time zones' offsets", 'GET', path(USER_ENDPOINTS.timezones), undefined],
    [
      'a promotion by its number',
      'GET',
      path(PROMOTION_ENDPOINTS.promotion, { key: '137' }, '?lang=en'),
      'promotion:137',
    ],
    // The server reads a key of digits as the id: 0137 is 137.
    ['a number with a leading zero', 'GET', path(PROMOTION_ENDPOINTS.promotion, { key: '0137' }), 'promotion:137'],
    [
      'a promotion by its slug',
      'GET',
      path(PROMOTION_ENDPOINTS.promotion, { key: 'champions-cup' }),
      'slug:champions-cup',
    ],
    [
      'a whole address',
      'GET',
      `http://localhost${path(PROMOTION_ENDPOINTS.promotion, { key: '902' })}`,
      'promotion:902',
    ],
    ["a wheel's state", 'GET', path(WHEEL_ENDPOINTS.state, { id: '156' }), 'promotion:156'],
    ['a tournament', 'GET', path(TOURNAMENT_ENDPOINTS.tournament, { id: '902' }), 'promotion:902'],
    ['a ten-digit id', 'GET', path(TOURNAMENT_ENDPOINTS.tournament, { id: '2147483647' }), 'promotion:2147483647'],
    [
      "a tournament's standings",
      'GET',
      path(TOURNAMENT_ENDPOINTS.results, { id: '902' }, '?offset=0'),
      'promotion:902',
    ],
    ['a rating by tickets', 'GET', path(TOURNAMENT_ENDPOINTS.ratingByTickets, { id: '109' }), 'promotion:109'],
    ['a bet series', 'GET', path(LUCKY_DAY_ENDPOINTS.betSeries, { id: '147' }), 'promotion:147'],
    ['a weekly jackpot', 'GET', path(LUCKY_DAY_ENDPOINTS.jackpot, { id: '124' }, '?currency=USD'), 'promotion:124'],
    ["a lucky day's draw", 'GET', path(LUCKY_DAY_ENDPOINTS.draw, {}, '?promo_id=116'), 'promotion:116'],
    ["the default lucky day's draw", 'GET', path(LUCKY_DAY_ENDPOINTS.draw), 'any'],
    ['a hunt', 'GET', path(HUNT_ENDPOINTS.board, { id: '166' }), 'promotion:166'],
    ["a bonus's rules (a read by POST)", 'POST', path(BONUS_ENDPOINTS.rulesAndTerms, { id: '185' }), 'promotion:185'],
    ['the promotions index', 'GET', `${path(PROMOTION_ENDPOINTS.index)}?lang=en`, 'any'],
    ['a console preview', 'GET', path(PROMOTION_ENDPOINTS.preview, { token: 'abcdefghijklmnopqrstuvwx' }), 'any'],
    ['a CMS page', 'GET', `${path(CMS_ENDPOINTS.page)}?type=landing&slug=summer`, 'any'],
    ['the banners', 'GET', path(CMS_ENDPOINTS.banners), 'any'],
    ['the lotteries', 'GET', path(LOTTO_ENDPOINTS.available), 'any'],
    ["the session's player", 'GET', path(AUTH_ENDPOINTS.sessionUser), 'any'],
    ['the welcome offers', 'GET', path(BONUS_ENDPOINTS.welcomeBonus), 'any'],
    ['a write to a promotion', 'POST', path(WHEEL_ENDPOINTS.spin, { id: '137' }), 'any'],
    [
      'a promotion by a name no promotion can have',
      'GET',
      path(PROMOTION_ENDPOINTS.promotion, { key: 'Spin%20Wheel' }),
      'any',
    ],
    ['a malformed address', 'GET', path(PROMOTION_ENDPOINTS.promotion, { key: '%E0%A4%A' }), 'any'],
  ])('%s: %s %s', (_name, method, url, dependency) => {
    expect(dependencyOf(method, url)).toBe(dependency);
  });
});

/** Settings for renders side by side: a few at once, none sent to the browser for want of room. */
const SIDE_BY_SIDE = { frameDist, serverRender: { queueMax: 4, timeLimitMs: 60_000, concurrency: 4, threads: 0 } };

describe('a content change drops the pages that read what it changed, and keeps the others', () => {
  const server = useTestServer(undefined, SIDE_BY_SIDE);
  const get = (url: string) => server.app.inject({ url });
  /** What a page shows: its status and headings and lines, as a visitor reads them. */
  const shown = async (url: string) => {
    const answer = await get(url);
    return [answer.statusCode, ...[...answer.body.matchAll(/<(?:h1|p|li)>([^<]*)</g)].map((match) => match[1])];
  };
  /** A write of promotion rows, as a publication makes it (nothing in them changes). */
  const writePromotions = (...ids: number[]) =>
    heard(server, () =>
      server.database.db
        .update(promotions)
        .set({ content: sql`${promotions.content}` })
        .where(inArray(promotions.id, ids)),
    );
  /** Asks for each page, kept or not, and says how many renders of each the frame has made. */
  const rendersAfterAsking = async (urls: readonly string[]) => {
    for (const url of urls) await get(url);
    return urls.map(frameRenders);
  };

  test("publishing a promotion drops its pages in every language and the promotions list; the others' stay kept", async () => {
    const wheel = ['en', 'ar', 'ru'].map((lang) => `/promo-frame/${lang}/promotion/spin-wheel`);
    const dropped = [
      ...wheel,
      '/promo-frame/en/promotion/137',
      '/promo-frame/en/promotion',
      '/promo-frame/ar/promotion',
    ];
    const kept = [
      '/promo-frame/en/promotion/wow-promo',
      '/promo-frame/ar/promotion/champions-cup',
      '/promo-frame/en/promotion/jackpot-of-week',
      '/promo-frame/en/promotion/sports-stream',
    ];
    // Nothing kept from before: every page dropped below is this test's.
    await changeContent(server);
    expect(await shown('/promo-frame/ar/promotion/spin-wheel')).toEqual([200, 'spin-wheel']);
    expect(await shown('/promo-frame/en/promotion')).toEqual(expect.arrayContaining([200, 'spin-wheel', 'wow-promo']));
    const before = await rendersAfterAsking([...dropped, ...kept]);
    expect(await rendersAfterAsking([...dropped, ...kept])).toEqual(before);
    const counts = await pageCounts(server);
    // The console's publication of the version that is published (the wheel's rows and titles).
    const publisher = await staffSignIn(server, 'publisher');
    const head = await consoleCall(
      server,
      publisher,
      'GET',
      consoleUrl(CONSOLE_ENDPOINTS.promotion, { slug: 'spin-wheel' }),
    );
    const version = head.json<{ publishedVersion: number }>().publishedVersion;
    await heard(server, async () => {
      const publication = consoleUrl(CONSOLE_ENDPOINTS.publish, { slug: 'spin-wheel' });
      expect((await consoleCall(server, publisher, 'POST', publication, { payload: { version } })).statusCode).toBe(
        200,
      );
    });
    expect(await rendersAfterAsking([...dropped, ...kept])).toEqual([
      ...before.slice(0, dropped.length).map((renders) => renders + 1),
      ...before.slice(dropped.length),
    ]);
    const after = await pageCounts(server);
    // Each page asked once more: the dropped ones rendered, the kept ones from the cache.
    expect([after.renders - counts.renders, after.hits - counts.hits]).toEqual([dropped.length, kept.length]);
    expect(after.dropped - counts.dropped).toBe(dropped.length);
    expect(after.rendersByKey.map(({ key }) => key.slice(key.indexOf('/promo-frame/'))).sort()).toEqual(
      [...dropped].sort(),
    );
    expect(await shown('/promo-frame/ru/promotion/spin-wheel')).toEqual([200, 'spin-wheel']);
  });

  test.each([
    [
      'a tournament with its standings',
      '/promo-frame/en/promotion/champions-cup',
      ['/web-api/tournament/902: 200', '/web-api/tournamentresults/902: 200'],
      [902],
    ],
    [
      'a weekly jackpot',
      '/promo-frame/en/promotion/jackpot-of-week',
      ['/web-api/api/web/promotions/124/jackpot: 200'],
      [124],
    ],
    [
      "a broadcast of another promotion's standings",
      '/promo-frame/en/promotion/sports-stream',
      ['/web-api/tournamentresults/902: 200'],
      [159, 902],
    ],
    ['a prize wheel asked by its number', '/promo-frame/en/promotion/137', [], [137]],
  ])('%s depends on the promotions it shows, and on no other', async (_name, url, widgets, ids) => {
    expect((await shown(url)).slice(2)).toEqual(widgets);
    const [first = 0] = await rendersAfterAsking([url]);
    // Another promotion's write: still kept.
    await writePromotions(156);
    expect(await rendersAfterAsking([url])).toEqual([first]);
    // A write of each promotion it shows: rendered again, then kept.
    for (const [n, id] of ids.entries()) {
      await writePromotions(id);
      expect(await rendersAfterAsking([url, url])).toEqual([first + n + 1, first + n + 1]);
    }
  });

  test.each([
    ['a text of the dictionaries', sql`update ${dictionaryEntries} set value = value where key = 'promo_ended_title'`],
    ['the site settings', sql`update ${siteSettings} set updated_at = updated_at`],
  ])('a change of %s drops every page, whatever it read', async (_name, write) => {
    const urls = ['/promo-frame/en/promotion/wow-promo', '/promo-frame/ar/promotion/champions-cup', '/promo-frame/en'];
    const before = await rendersAfterAsking(urls);
    await heard(server, () => server.database.db.execute(write));
    expect(await rendersAfterAsking(urls)).toEqual(before.map((renders) => renders + 1));
  });

  test('a render under way when a change comes is kept only when it did not read what changed; later requests do not wait for one that did', async () => {
    const [wheel, other] = ['/promo-frame/en/promotion/137?held', '/promo-frame/en/promotion/wow-promo?held'];
    const counts = await pageCounts(server);
    // Both have read their promotion and wait.
    const first = [get(wheel as string), get(other as string)];
    try {
      await vi.waitFor(() => expect(standIn().held).toHaveLength(2), { timeout: 5000 });
      await writePromotions(137);
      // The wheel's render read it before: the next request renders afresh. The other's is waited for.
      const afresh = await get(wheel as string);
      expect([afresh.statusCode, frameRenders(wheel as string)]).toEqual([200, 2]);
      const joined = get(other as string);
      await vi.waitFor(async () => expect((await pageCounts(server)).joined).toBe(counts.joined + 1), {
        timeout: 5000,
      });
      for (const release of standIn().held.splice(0)) release();
      expect((await joined).statusCode).toBe(200);
    } finally {
      for (const release of standIn().held.splice(0)) release();
    }
    for (const answer of await Promise.all(first)) expect(answer.statusCode).toBe(200);
    // Kept: the other's page from before the change, and the wheel's from after it.
    expect(await rendersAfterAsking([wheel as string, other as string])).toEqual([2, 1]);
    const after = await pageCounts(server);
    expect([after.renders - counts.renders, after.notKept - counts.notKept]).toEqual([3, 1]);
  });
});

describe('the next timed change a kept page must not outlive', () => {
  const server = useTestServer(undefined);
  const now = Date.parse('2031-03-04T10:00:00Z');
  const soon = new Date(now + 1000);
  /** The next change with `write` applied, rolled back afterwards. */
  const nextWith = async (write: (tx: Parameters<Parameters<typeof transaction>[1]>[0]) => Promise<unknown>) => {
    let next = 0;
    const undo = new Error('rolled back');
    await transaction(server.database.db, async (tx) => {
      await write(tx);
      next = await nextTimedChange(tx, now);
      throw undo;
    }).catch((error: unknown) => {
      if (error !== undo) throw error;
    });
    return next;
  };

  test.each([
    [
      'a published promotion starts',
      (tx: TxOf) => tx.update(promotions).set({ startsAt: soon }).where(eq(promotions.id, 138)),
    ],
    [
      'a published promotion ends',
      (tx: TxOf) => tx.update(promotions).set({ endsAt: soon }).where(eq(promotions.id, 138)),
    ],
    ['a banner ends', (tx: TxOf) => tx.update(promoBanners).set({ endsAt: soon })],
  ])('%s', async (_name, write) => {
    expect(await nextWith(write)).toBe(soon.getTime());
  });

  test('an unpublished promotion does not count; without any, the next is a draw, its sales closing or midnight', async () => {
    const unpublished = await nextWith((tx) =>
      tx.update(promotions).set({ startsAt: soon, published: false }).where(eq(promotions.id, 138)),
    );
    expect(unpublished).toBeGreaterThan(soon.getTime());
    const draws = Object.values(LOTTERIES).map((lottery) => nextDrawTime(lottery, now));
    const expected = Math.min(
      Date.parse('2031-03-05T00:00:00Z'),
      ...draws.flatMap((draw) => [draw - SALES_CLOSE_MS, draw]).filter((at) => at > now),
    );
    // The seed's promotions are timed relative to today, years before 2031.
    expect(await nextWith(async () => undefined)).toBe(expected);
  });
});

type TxOf = Parameters<Parameters<typeof transaction>[1]>[0];

/** Two server processes on one database, each with its own kept pages (decision 021). */
describe.each(databaseTargets)(
  'a publication reaches the kept pages of two servers on one $name database',
  ({ databaseUrl }) => {
    const servers = useTwoServers(databaseUrl, SETTINGS);

    test("published on one, its page is on both within a second; unpublished, a 404 on both; another promotion's page stays kept on both", async () => {
      const [a] = servers;
      const publisher = await staffSignIn(a, 'publisher');
      const headers = { ...XHR_HEADERS, cookie: publisher.cookie };
      const slug = 'page-cache-summer-bet';
      const url = `/promo-frame/en/promotion/${slug}`;
      const source = await a.app.inject({
        url: `${serverRoute(CONSOLE_ENDPOINTS.draftStart)}?from=spin-wheel`,
        headers,
      });
      const draft = { ...source.json(), slug, schedule: { starts: '-1d', ends: '+7d' } };
      const write = (method: 'POST' | 'DELETE', to: string, payload?: object) =>
        a.app.inject({ method, url: to, headers, ...(payload ? { payload } : {}) });
      expect((await write('POST', serverRoute(CONSOLE_ENDPOINTS.create), draft)).statusCode).toBe(201);
      const publication = serverRoute(CONSOLE_ENDPOINTS.publish).replace(':slug', slug);
      const page = async (server: TestServer) => {
        const answer = await server.app.inject({ url });
        return [answer.statusCode, /<h1>([^<]*)<\/h1>/.exec(answer.body)?.[1]];
      };
      const other = '/promo-frame/en/promotion/wow-promo';
      const otherPage = async (server: TestServer) => {
        const answer = await server.app.inject({ url: other });
        return [answer.statusCode, /<h1>([^<]*)<\/h1>/.exec(answer.body)?.[1], frameRenders(other)];
      };
      // Both keep the page as it is before: the frame's 404. And another promotion's page.
      for (const server of servers) {
        expect(await page(server)).toEqual([404, 'No such promotion']);
        expect(await page(server)).toEqual([404, 'No such promotion']);
        expect(await keyRenders(server, url)).toBe(1);
        await otherPage(server);
      }
      const otherRenders = frameRenders(other);
      expect((await write('POST', publication, { version: 1 })).statusCode).toBe(200);
      for (const server of servers) {
        await vi.waitFor(async () => expect(await page(server)).toEqual([200, slug]), { timeout: 1000 });
        expect(await page(server)).toEqual([200, slug]);
        expect(await keyRenders(server, url)).toBe(1);
      }
      expect((await write('DELETE', publication)).statusCode).toBe(200);
      for (const server of servers) {
        await vi.waitFor(async () => expect(await page(server)).toEqual([404, 'No such promotion']), { timeout: 1000 });
        expect(await otherPage(server)).toEqual([200, 'wow-promo', otherRenders]);
      }
    });
  },
);
