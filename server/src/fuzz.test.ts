import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { apiRoutes } from './http/validation.ts';
import { demoUser } from './seed/demo-players.ts';
import { DEMO_OPERATOR_KEY } from './settings.ts';
import { signedInCaller, useTestServer, XHR_HEADERS } from './testing.ts';

/**
 * Generated params, queries and bodies against every API route the app declares: no answer is a
 * 5xx and nothing is logged at error level. Runs per route are few (the inventory is ~70 routes),
 * the seed is fixed per run and printed by fast-check on a failure so it can be replayed.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);

/** Values that broke servers before: out-of-range ids, NUL, lone surrogates, prototype names. */
const nasty = fc.constantFrom(
  '0',
  '-1',
  '1',
  '116',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '0x10',
  '1.5',
  'NaN',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'USD',
  'EUR',
  'mBTC',
  'en',
  'ru',
  'ar',
  'luckyday',
  'powerball',
  '2025-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '../etc/passwd',
  "' or 1=1 --",
  'x'.repeat(300),
);
const text = fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 12 }));
const number = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e20, 1e308, 0.5, 8.64e15 + 1),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const QUERY_KEYS = [
  'lang',
  'currency',
  'sum',
  'round',
  'isArray',
  'originalCurrency',
  'offset',
  'limit',
  'period',
  'ratingType',
  'date_draw',
  'promo_id',
  'promoId',
  'type',
  'slug',
  'language',
  'country',
  'promotion_service_id',
  'projectId',
  'domain',
];
const BODY_KEYS = [
  'id',
  'login',
  'pass',
  'clientSeed',
  'bonus_id',
  'acceptTerms',
  'termsVersion',
  'amounts',
  'amount',
  'currencyCode',
  'round',
  'spot',
  'promoId',
  'ticketId',
  'home',
  'away',
  'lottery',
  'numbers',
  'lines',
  'events',
  'metrics',
  'components',
  'fingerprint',
  'verified',
  'items',
  'token',
  '__proto__',
  'constructor',
];
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...BODY_KEYS), fc.string({ maxLength: 8 })), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;
const body = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(fc.constantFrom(...BODY_KEYS), value, { maxKeys: 6 }),
  value,
  // A body as raw text: broken JSON, a beacon's text/plain, a JSON "__proto__" key.
  fc.constantFrom('{', '{"a":', '[]', 'null', '"x"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'),
);
/** Characters no text column or JSON document of PostgreSQL takes. */
const poison = fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff');
/** What a mutated leaf becomes: mostly the known-nasty values, sometimes anything. */
const leafValue = fc.oneof(
  { weight: 3, arbitrary: poison },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: number },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: value },
);
const query = fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), text, {
  maxKeys: 4,
});

/**
 * A valid call per route that takes input, so that mutations reach past the first check into the
 * handler and the database: the fuzz replaces some of its leaves with the values above.
 */
interface Example {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
const now = new Date().toISOString();
const EXAMPLES: Readonly<Record<string, Example>> = {
  'GET /promo-frame/bff-api/config/all.json': { query: { lang: 'ru' } },
  'GET /promo-frame/bff-api/config/part/:file': { params: { file: 'licence.json' } },
  'POST /web-api/user/setactiveaccount': { body: { id: 1 } },
  'GET /web-api/counters': { query: { projectId: '285', domain: 'localhost' } },
  'POST /web-api/user/secure-cookie': { body: { fingerprint: 'fp_0123456789abcdef' } },
  'POST /web-api/analytics/events': {
    body: { events: [{ name: 'page_not_found', occurredAt: Date.now(), source: 1, payload: { path: '/en/x' } }] },
  },
  'POST /web-api/analytics/metrics': {
    body: {
      metrics: [
        {
          kind: 'vital',
          name: 'LCP',
          value: 812.5,
          rating: 'good',
          path: '/promo-frame/en/',
          id: 'v5-1',
          occurredAt: Date.now(),
        },
      ],
    },
  },
  'POST /web-api/fingerprint': { body: { components: { screen: '390x844', cores: 8, touch: true } } },
  'GET /web-api/external-api/promotions/:key': { params: { key: 'luckyday' }, query: { lang: 'en', currency: 'EUR' } },
  'GET /web-api/external-api/promotions': { query: { lang: 'ar', currency: 'RUB' } },
  'POST /web-api/api/web/promotions/wheel/:id/spin': { params: { id: '111' }, body: { clientSeed: 'seed-1' } },
  'GET /web-api/api/v3/promotions/welcome-bonus': { query: { currency: 'EUR' } },
  'GET /web-api/api/v3/promotions/converted-sum': {
    query: { sum: '10.5,20', round: '2', isArray: 'true', originalCurrency: 'USD', currency: 'EUR' },
  },
  'POST /web-api/api/v3/promotions/amounts/convert': {
    body: { amounts: [{ amount: '10.00', currencyCode: 'USD' }], currencyCode: 'EUR', round: 2 },
  },
  'POST /web-api/promotions/SetTypeFirstBonus': { body: { bonus_id: 1 } },
  'POST /web-api/api/v3/bonuses/:id/rules-and-terms': { params: { id: '101' }, query: { currency: 'EUR' } },
  'POST /web-api/api/v3/bonuses/:id': { params: { id: '101' }, body: { acceptTerms: true, termsVersion: 1 } },
  'GET /web-api/tournamentresults/:id': { params: { id: '120' }, query: { offset: '0', limit: '10' } },
  'GET /web-api/api/web/promotions/:id/rating/by-tickets': {
    params: { id: '120' },
    query: { period: 'all', ratingType: 'tickets' },
  },
  'GET /web-api/api/v3/promotions/lucky-day-draw': { query: { date_draw: now.slice(0, 10), promo_id: '116' } },
  'GET /web-api/api/v3/promotions/lucky-day-ticket': { query: { date_draw: now.slice(0, 10), promo_id: '116' } },
  'POST /web-api/external-api/promotions/ticket': { body: { promoId: 116, ticketId: 7 } },
  'GET /web-api/landing/LuckyChanceForm': { query: { promoId: '116' } },
  'POST /web-api/landing/LuckyChanceForm': { body: { promoId: 116, home: 2, away: 1 } },
  'POST /web-api/api/web/promotions/:id/hunt/search': { params: { id: '130' }, body: { spot: 1 } },
  'GET /web-api/api/v3/lotto/:code/draws': { params: { code: 'powerball' }, query: { currency: 'EUR' } },
  'POST /web-api/api/v3/lotto/tickets': {
    body: { code: 'powerball', lines: [{ main: [1, 2, 3, 4, 5], bonus: [6] }], kind: 'default' },
  },
  'GET /web-api/bonus-api/page': {
    query: { type: 'bonus', slug: 'welcome', language: 'ru', currency: 'EUR', promotion_service_id: '285' },
  },
  'GET /web-api/bonus-api/page/promotion/:href': {
    params: { href: 'welcome' },
    query: { country: 'GB', currency: 'mBTC', promotion_service_id: '285' },
  },
  'GET /web-api/api/v3/landings/:id': {
    params: { id: '2' },
    query: { language: 'en', currency: 'RUB', country: 'CY' },
  },
  'GET /web-api/api/v3/promotions/banners/data': { query: { language: 'ar', currency: 'EUR' } },
  'POST /web-api/external-api/fastLogin': {
    body: { login: demoUser('demo.player').login, pass: demoUser('demo.player').password },
  },
  'POST /operator-api/v1/settlements': {
    body: {
      items: [
        { id: 'fuzz-bet', playerId: 1, kind: 'bet', settledAt: now, currency: 'USD', stake: '10.00', payout: '0' },
        {
          id: 'fuzz-round',
          playerId: 1,
          kind: 'round',
          settledAt: now,
          currency: 'USD',
          stake: '2.00',
          payout: '7.00',
        },
      ],
    },
  },
  'PUT /operator-api/v1/players/:id/identity': { params: { id: '1' }, body: { verified: true } },
};

/** The paths to every leaf of a value (an array index or an object key per step). */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Object.entries(value);
  return entries.length === 0 ? [path] : entries.flatMap(([key, item]) => leafPaths(item, [...path, key]));
}

/** A copy of `value` with the leaf at `path` replaced. */
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return by;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

/** An example with up to three of its leaves replaced by generated values. */
const mutation = <T>(example: T, leaf: fc.Arbitrary<unknown>): fc.Arbitrary<T> => {
  const paths = leafPaths(example);
  return fc
    .array(fc.tuple(fc.nat(), leaf), { minLength: 1, maxLength: 3 })
    .map(
      (changes) =>
        changes.reduce<unknown>((acc, [at, by]) => replaced(acc, paths[at % paths.length] ?? [], by), example) as T,
    );
};

/** A path or query part, percent-encoded; a lone surrogate becomes its (invalid) UTF-8 bytes. */
function encode(part: string): string {
  try {
    return encodeURIComponent(part);
  } catch {
    return [...part].map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
  }
}

describe('fuzz: every API route', () => {
  const lines: string[] = [];
  const log = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const server = useTestServer(undefined, {}, log);

  test('generated params, queries and bodies never get a 5xx or log an error', async () => {
    // The live standings stream never ends by itself (inject would wait for ever): its id
    // parameter is the shared idParams schema that the other routes exercise.
    const routes = apiRoutes(server.app).filter((route) => !route.url.endsWith('/live'));
    expect(routes.length).toBeGreaterThan(50);
    const player = await signedInCaller(server, 0);
    const failures: string[] = [];
    for (const route of routes) {
      const example = EXAMPLES[`${route.method} ${route.url}`] ?? {};
      const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
      const params = fc.oneof(
        fc.array(text, { minLength: names.length, maxLength: names.length }),
        example.params
          ? mutation(
              names.map((name) => example.params?.[name] ?? '1'),
              text,
            )
          : fc.constant(null),
      );
      await fc.assert(
        fc.asyncProperty(
          params,
          example.query
            ? fc.oneof(query, mutation(example.query, fc.oneof(poison, nasty)), fc.constant(example.query))
            : query,
          example.body === undefined
            ? body
            : fc.oneof({ weight: 1, arbitrary: body }, { weight: 3, arbitrary: mutation(example.body, leafValue) }),
          // Who calls: the operator key only matters on operator routes, a player's token elsewhere.
          route.url.startsWith('/operator-api/')
            ? fc.constantFrom('operator', 'operator', 'visitor')
            : fc.constantFrom('player', 'player', 'visitor'),
          fc.option(fc.string({ minLength: 8, maxLength: 20, unit: fc.constantFrom('a', 'b', '-', '1') })),
          async (segments, search, payload, who, key) => {
            let index = 0;
            const path = route.url.replace(/:\w+/g, () => encode(String(segments?.[index++] ?? '1')));
            const qs = Object.entries(search)
              .map(([name, item]) => `${encode(name)}=${encode(String(item))}`)
              .join('&');
            const raw = typeof payload === 'string' && /^[[{"n]/.test(payload);
            const headers: Record<string, string> = {
              ...XHR_HEADERS,
              ...(who === 'player' ? player.headers : {}),
              ...(who === 'operator' ? { authorization: `Bearer ${DEMO_OPERATOR_KEY}` } : {}),
              ...(key ? { 'idempotency-key': key } : {}),
              ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
            };
            const response = await server.app.inject({
              method: route.method as 'GET',
              url: qs ? `${path}?${qs}` : path,
              headers,
              ...(route.method === 'GET' || route.method === 'HEAD' || payload === undefined
                ? {}
                : { payload: raw ? (payload as string) : JSON.stringify(payload) }),
            });
            if (response.statusCode >= 500) {
              failures.push(`${route.method} ${path}?${qs} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
            }
            expect(response.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(failures).toEqual([]);
    expect(lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  }, 600_000);
});
