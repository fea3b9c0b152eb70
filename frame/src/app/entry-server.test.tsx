// @vitest-environment node
import type { PageRequest, RenderedPage } from '@promo/contract';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import recorded from '../../mock-api/offline/recorded.json' with { type: 'json' };
import { prepareRenders, renderPage } from './entry-server.tsx';

/**
 * Two players' pages rendered at once (issue 41): each render has its own store, texts, cookies,
 * clock and API transport, so a render that runs while another waits for its data changes nothing
 * in it. The API answers are the reference server's recorded ones, changed per player so that a
 * page showing the other player's anything is visible in its bytes.
 */

interface Player {
  tag: 'A' | 'B';
  name: string;
  currency: string;
  request: Omit<PageRequest, 'fetch'>;
  /** The render's time. */
  at: Date;
}

const ALICE: Player = {
  tag: 'A',
  name: 'Alice',
  currency: 'EUR',
  at: new Date('2030-12-31T23:59:00Z'),
  request: {
    url: 'http://frame.test/promo-frame/en/promotion/123',
    cookie: 'promo_lang=en; user_token=alice',
    hostAvailable: true,
  },
};
const BOB: Player = {
  tag: 'B',
  name: 'Bob',
  currency: 'USD',
  at: new Date('2031-01-01T00:01:00Z'),
  request: { url: 'http://frame.test/promo-frame/ar/promotion/123', cookie: 'user_token=bob', hostAvailable: false },
};

const PROMOTION_PATH = /^\/web-api\/external-api\/promotions\/123$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const tagged = (dictionary: unknown, tag: string) =>
  isRecord(dictionary)
    ? Object.fromEntries(Object.entries(dictionary).map(([k, v]) => [k, `[${tag}] ${v}`]))
    : dictionary;

/** The recorded answer for a URL: the same query's, else the path's first (another language or currency). */
function recordedAnswer(url: URL) {
  const sameUrl = recorded.find((answer) => answer.url === url.pathname + url.search);
  const samePath = recorded.find((answer) => new URL(answer.url, url).pathname === url.pathname);
  const answer = sameUrl ?? samePath;
  if (!answer) throw new Error(`no recorded answer for ${url.pathname}${url.search}`);
  return answer;
}

/** A player's API: the recorded answers with their texts, name and currency, and a way to hold one call. */
function playerApi(player: Player) {
  const seen: string[] = [];
  let hold: { reached: () => void; released: Promise<void> } | null = null;
  const api = {
    seen,
    /** The next call to the promotion waits until `release`; resolves once it is waiting. */
    holdPromotion(): { reached: Promise<void>; release: () => void } {
      let reached = () => {};
      let release = () => {};
      const reachedPromise = new Promise<void>((resolve) => {
        reached = resolve;
      });
      hold = { reached, released: new Promise<void>((resolve) => (release = resolve)) };
      return { reached: reachedPromise, release };
    },
    fetch: (async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://frame.test');
      seen.push(url.pathname + url.search);
      if (hold && PROMOTION_PATH.test(url.pathname)) {
        const waiting = hold;
        hold = null;
        waiting.reached();
        await waiting.released;
      }
      const answer = recordedAnswer(url);
      const body = structuredClone(answer.body) as Record<string, unknown>;
      if (url.pathname.endsWith('/config/all.json')) {
        body.lang = url.searchParams.get('lang');
        body.dictionary = tagged(body.dictionary, player.tag);
        body.currency = { ...(body.currency as object), code: player.currency };
      } else if (url.pathname.includes('/bff-api/dictionary/')) {
        body.dictionary = tagged(body.dictionary, player.tag);
      } else if (PROMOTION_PATH.test(url.pathname)) {
        const texts = body.texts as Record<string, unknown>;
        body.texts = { ...texts, title: `${String(texts.title)} for ${player.name}` };
      }
      return new Response(JSON.stringify(body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
  };
  return api;
}

const start = (player: Player, api: ReturnType<typeof playerApi>, signal?: AbortSignal) => {
  vi.setSystemTime(player.at);
  return renderPage({ ...player.request, fetch: api.fetch, ...(signal ? { signal } : {}) });
};

/** A page as bytes to compare: the cache times of its queries are when its answers came, not what it shows. */
/**
 * A page as two renders of it must agree: its data script's times zeroed, and its queries in one
 * order (the cache lists them as they settle, which two renders at once may do in another order;
 * hydration reads them by key).
 */
const comparable = (page: RenderedPage) => {
  if (page.kind !== 'page') return page;
  const script = page.dataScript.replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '"$1":0');
  const json = /^<script[^>]*>(.*)<\/script>$/s.exec(script)?.[1];
  if (json === undefined) return { ...page, dataScript: script };
  const data = JSON.parse(json) as { queries: { queries: Array<{ queryHash: string }> } };
  data.queries.queries.sort((a, b) => a.queryHash.localeCompare(b.queryHash));
  return { ...page, dataScript: data };
};

/** Fails instead of waiting forever when one render waits for the other (a queue). */
const within = <T,>(promise: Promise<T>, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not finish in 5 s`)), 5000)),
  ]);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function expectPlayersPage(page: RenderedPage, player: Player, other: Player) {
  if (page.kind !== 'page') throw new Error(`expected a page, got ${page.kind}`);
  expect(page.status).toBe(200);
  expect(page.html).toContain(`for ${player.name}`);
  expect(page.html).not.toContain(`for ${other.name}`);
  expect(page.html).toContain(`[${player.tag}] `);
  expect(page.html).not.toContain(`[${other.tag}] `);
  expect(page.head.title).toContain(`for ${player.name}`);
  const copyright = /© \d{4}–(\d{4})/.exec(page.html);
  expect(copyright?.[1]).toBe(String(player.at.getUTCFullYear()));
  const data = JSON.parse(/>(.*)<\/script>$/s.exec(page.dataScript)?.[1] ?? 'null') as {
    lng: string;
    hostAvailable: boolean;
    now: number;
  };
  expect(data.now).toBe(player.at.getTime());
  expect(data.hostAvailable).toBe(player.request.hostAvailable);
  return data;
}

test('two players rendered at once each get only their own page, as when rendered alone', async () => {
  const alice = playerApi(ALICE);
  const bob = playerApi(BOB);
  const soloAlice = await start(ALICE, alice);
  const soloBob = await start(BOB, bob);
  expect(expectPlayersPage(soloAlice, ALICE, BOB).lng).toBe('en');
  expect(expectPlayersPage(soloBob, BOB, ALICE).lng).toBe('ar');
  expect(soloAlice).toMatchObject({ lang: 'en', dir: 'ltr' });
  expect(soloBob).toMatchObject({ lang: 'ar', dir: 'rtl' });
  // Each asked for its own language and currency, never the other's.
  expect(alice.seen.some((url) => url.includes('lang=ar') || url.includes('language=ar'))).toBe(false);
  expect(bob.seen.some((url) => url.includes('lang=en') || url.includes('language=en'))).toBe(false);
  expect(alice.seen.find((url) => PROMOTION_PATH.test(url.split('?')[0] ?? ''))).toContain('currency=EUR');
  expect(bob.seen.find((url) => PROMOTION_PATH.test(url.split('?')[0] ?? ''))).toContain('currency=USD');

  for (const [first, firstApi, firstSolo, second, secondApi, secondSolo] of [
    [ALICE, alice, soloAlice, BOB, bob, soloBob],
    [BOB, bob, soloBob, ALICE, alice, soloAlice],
  ] as const) {
    // The first render waits for its promotion once its config, texts and state are in place (the
    // moment a shared store or i18n instance would be overwritten); the second renders to the end.
    const held = firstApi.holdPromotion();
    const firstPage = start(first, firstApi);
    await within(held.reached, `${first.name}'s render`);
    const secondPage = await within(start(second, secondApi), `${second.name}'s render beside ${first.name}'s`);
    held.release();
    expect(comparable(secondPage)).toEqual(comparable(secondSolo));
    expect(comparable(await within(firstPage, `${first.name}'s render`))).toEqual(comparable(firstSolo));
  }
});

test('a render given up while another runs leaves the other whole', async () => {
  const alice = playerApi(ALICE);
  const bob = playerApi(BOB);
  const soloBob = await start(BOB, bob);
  const controller = new AbortController();
  const held = alice.holdPromotion();
  // A render whose signal aborts stops asking for data: its page (if it comes to one) is the error page.
  const givenUp = start(ALICE, alice, controller.signal).then(
    (page) => (page.kind === 'page' ? page.status : page.kind),
    () => 'given up',
  );
  await within(held.reached, "Alice's render");
  controller.abort(new Error('the server gave the render up'));
  const bobPage = await within(start(BOB, bob), "Bob's render");
  held.release();
  expect(comparable(bobPage)).toEqual(comparable(soloBob));
  expect(await within(givenUp, "Alice's given-up render")).not.toBe(200);
});

// Every page's code first, as a render thread loads it before its first page (prepareRenders): each
// test below then times its render, not its route's first import (the CMS sanitizer's DOM: seconds).
beforeAll(() => prepareRenders(), 60_000);

const RECORDED_PROMOTIONS = [
  ...new Set(recorded.flatMap(({ url }) => /^\/web-api\/external-api\/promotions\/(\d+)\?/.exec(url)?.[1] ?? [])),
];

test.each([
  '/promo-frame/en',
  '/promo-frame/en/promotion',
  '/promo-frame/en/lotto',
  '/promo-frame/en/bonus/welcome',
  '/promo-frame/en/summer-cup',
  '/promo-frame/en/no/such/page',
  ...RECORDED_PROMOTIONS.map((id) => `/promo-frame/en/promotion/${id}`),
])('%s renders with its own state only: nothing reaches for the browser’s', async (pathname) => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const api = playerApi(ALICE);
    const page = await start({ ...ALICE, request: { ...ALICE.request, url: `http://frame.test${pathname}` } }, api);
    const outside = errors.mock.calls
      .flat()
      .map(String)
      .filter((text) => text.includes('outside a request scope'));
    expect(outside).toEqual([]);
    expect(page.kind).toBe('page');
  } finally {
    errors.mockRestore();
  }
});
