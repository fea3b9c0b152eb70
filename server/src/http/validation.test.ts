import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { analyticsEvents, luckyDayDraws } from '../db/schema.ts';
import { seedDictionaries } from '../seed/index.ts';
import { signedInCaller, useTestServer, XHR_HEADERS } from '../testing.ts';
import { apiRoutes, installValidation, LAYER_CODES, noQuery, unsafeInput } from './validation.ts';

/**
 * The probes of the hardening issue that answered 500 or wrote rows: each is now a 4xx with a
 * machine-readable code, a message in the request's language, and nothing written.
 */
describe('one validation layer on every API route', () => {
  const server = useTestServer(undefined);
  const count = async (table: typeof analyticsEvents | typeof luckyDayDraws) =>
    (await server.database.db.select().from(table)).length;

  test('an API route that declares no schema stops the server at start-up', async () => {
    const app = Fastify();
    const api = installValidation(app);
    expect(() => api.get('/web-api/no-schema/:id', async () => ({}))).toThrow(
      'Route GET /web-api/no-schema/:id declares no schema for params, querystring',
    );
    expect(() => api.post('/web-api/no-body', { schema: { querystring: noQuery } }, async () => ({}))).toThrow(
      'declares no schema for body',
    );
    // Pages and assets are not API routes.
    expect(() => api.get('/promo-frame/*', async () => '')).not.toThrow();
    await app.close();
  });

  test('every API route declares its schemas (the inventory the fuzz test walks)', () => {
    const routes = apiRoutes(server.app);
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      expect(route.schema.querystring, `${route.method} ${route.url}`).toBeDefined();
      if (route.url.includes(':')) expect(route.schema.params, `${route.method} ${route.url}`).toBeDefined();
      if (route.method === 'POST' || route.method === 'PUT') expect(route.schema.body).toBeDefined();
    }
  });

  test('ids of 2^31 and above are a 400 on every route with an id, in the request language', async () => {
    const player = await signedInCaller(server, 0);
    // Operator routes check the operator key first (operator.test.ts covers their ids).
    const routes = apiRoutes(server.app).filter(
      (route) => route.url.startsWith('/web-api/') && route.url.includes('/:id'),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const id of ['2147483648', '99999999999999999999', '0', '-1', '1e3', '0x10']) {
      for (const route of routes) {
        const url = route.url.replace(':id', id);
        const response = await player.call(route.method as 'GET', url, {
          'accept-language': 'ru',
          'idempotency-key': 'probe-0000000001',
        });
        expect([route.method, url, response.statusCode, response.json().error]).toEqual([
          route.method,
          url,
          400,
          'invalid_param',
        ]);
        expect(response.json().message).toBe('Параметр запроса указан неверно.');
      }
    }
  });

  test.each([
    ['a NUL in a path parameter', 'GET', '/web-api/external-api/promotions/lucky%00day', undefined, 'invalid_param'],
    ['a NUL in a query value', 'GET', '/web-api/external-api/promotions?lang=e%00', undefined, 'invalid_param'],
    ['a NUL in a query name', 'GET', '/web-api/GetTimezones?a%00b=1', undefined, 'invalid_param'],
    [
      'a NUL in a body',
      'POST',
      '/web-api/external-api/fastLogin',
      '{"login":"demo\\u0000","pass":"x"}',
      'invalid_body',
    ],
    [
      'a lone surrogate in a body',
      'POST',
      '/web-api/external-api/fastLogin',
      '{"login":"\\ud800","pass":"x"}',
      'invalid_body',
    ],
    [
      'a "constructor" key',
      'POST',
      '/web-api/user/secure-cookie',
      '{"constructor":{"prototype":{"a":1}}}',
      'invalid_body',
    ],
    ['a "__proto__" key', 'POST', '/web-api/user/secure-cookie', '{"__proto__":{"admin":true}}', 'invalid_body'],
    ['broken JSON', 'POST', '/web-api/user/secure-cookie', '{"fingerprint":', 'invalid_body'],
    [
      'an impossible date',
      'GET',
      '/web-api/api/v3/promotions/lucky-day-draw?date_draw=2025-02-30',
      undefined,
      'invalid_param',
    ],
    ['a month 13', 'GET', '/web-api/api/v3/promotions/lucky-day-draw?date_draw=2026-13-01', undefined, 'invalid_param'],
    [
      'a currency named constructor',
      'GET',
      '/web-api/api/v3/lotto/results?currency=constructor',
      undefined,
      'invalid_param',
    ],
    [
      'a currency named valueOf',
      'GET',
      '/web-api/api/v3/promotions/converted-sum?sum=1&originalCurrency=valueOf',
      undefined,
      'invalid_param',
    ],
  ] as const)('%s is a 400 with its code and a translated message', async (_name, method, url, payload, code) => {
    const draws = await count(luckyDayDraws);
    const response = await server.app.inject({
      method,
      url,
      headers: { ...XHR_HEADERS, 'accept-language': 'ar', ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    });
    expect([response.statusCode, response.json().error]).toEqual([400, code]);
    expect(response.json().message).toMatch(/[\u0600-\u06ff]/);
    expect(typeof response.json().detail).toBe('string');
    expect(await count(luckyDayDraws)).toBe(draws);
  });

  test.each([
    ['a date past 2100', { occurredAt: 8.64e15 }],
    ['a date in 1970', { occurredAt: 1 }],
    ['a float time', { occurredAt: 1.5e12 + 0.5 }],
    ['a NUL in a property', { payload: { path: 'a\u0000b' } }],
    ['a lone surrogate in a property', { payload: { path: '\ud800' } }],
    ['a lone surrogate in a property name', { payload: { '\udfff': 1 } }],
    ['a source past 2^31', { source: 2 ** 31 }],
  ])('the analytics collector refuses %s and stores nothing', async (_name, change) => {
    const before = await count(analyticsEvents);
    const event = { name: 'page_not_found', occurredAt: Date.now(), source: 1, payload: { path: '/en/x' }, ...change };
    const response = await server.app.inject({
      method: 'POST',
      url: '/web-api/analytics/events',
      headers: { ...XHR_HEADERS, 'content-type': 'text/plain' },
      payload: JSON.stringify({ events: [event] }),
    });
    expect([response.statusCode, response.json().error]).toEqual([400, 'invalid_body']);
    expect(await count(analyticsEvents)).toBe(before);
  });

  test.each([
    ['en', 'Invalid input: expected string, received number'],
    ['ru', 'Неверный ввод: ожидалось string, получено число'],
    ['ar', 'مدخلات غير مقبولة: يفترض إدخال string، ولكن تم إدخال number'],
  ])(
    'a body field the schema refuses is named with a sentence in the request language (%s), on a player route too',
    async (language, message) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/web-api/user/secure-cookie',
        headers: { ...XHR_HEADERS, 'accept-language': language, 'content-type': 'application/json' },
        payload: JSON.stringify({ fingerprint: 5 }),
      });
      expect([response.statusCode, response.json().error, response.json().issues]).toEqual([
        400,
        'invalid_body',
        [{ path: ['fingerprint'], message }],
      ]);
    },
  );

  test("Fastify's own refusals carry the app's codes", async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      server.app.inject({
        method: 'POST',
        url: '/web-api/analytics/events',
        headers: { ...XHR_HEADERS, ...headers },
        payload,
      });
    const media = await post({ 'content-type': 'application/xml' }, '<a/>');
    expect([media.statusCode, media.json().error]).toEqual([415, 'unsupported_media_type']);
    const large = await post({ 'content-type': 'application/json' }, JSON.stringify({ pad: 'x'.repeat(70_000) }));
    expect([large.statusCode, large.json().error]).toEqual([413, 'body_too_large']);
    expect(large.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
  });

  test('a request id given by a proxy is kept when it is a plain token, replaced otherwise', async () => {
    const kept = await server.app.inject({ url: '/livez', headers: { 'x-request-id': 'edge-42.a' } });
    expect(kept.headers['x-request-id']).toBe('edge-42.a');
    const replaced = await server.app.inject({ url: '/livez', headers: { 'x-request-id': 'bad id\n{"level":50}' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

test.each(['en', 'ru', 'ar'])('every code the layer answers with reads in %s', (language) => {
  const dictionary = seedDictionaries[language] ?? {};
  expect(LAYER_CODES.length).toBeGreaterThan(8);
  expect(LAYER_CODES.filter((code) => !dictionary[`api_error_${code}`])).toEqual([]);
});

describe('unsafeInput', () => {
  test.each([
    ['plain', { a: ['b', 1, null, { c: 'd' }] }, null],
    ['an emoji (a surrogate pair)', { a: '🎰' }, null],
    ['NUL', { a: ['x\u0000'] }, 'a.0: NUL character'],
    ['a lone high surrogate', { a: 'x\ud83c' }, 'a: lone surrogate'],
    ['a lone low surrogate in a key', { ['\udfb0']: 1 }, '\udfb0: lone surrogate'],
    ['constructor', { a: { constructor: 1 } }, 'a.constructor: reserved key'],
    ['prototype', { prototype: 1 }, 'prototype: reserved key'],
    ['__proto__ from JSON', JSON.parse('{"a":{"__proto__":{"x":1}}}'), 'a.__proto__: reserved key'],
    [
      '40 levels deep',
      JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`),
      expect.stringMatching(/nested too deeply$/),
    ],
  ])('%s', (_name, value, problem) => {
    expect(unsafeInput(value)).toEqual(problem);
  });
});
