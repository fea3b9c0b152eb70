import { countersSchema, SECURE_COOKIE } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { newPlayer, useTestServer, XHR_HEADERS } from '../testing.ts';

const COUNTERS = '/web-api/counters';
const SECURE = '/web-api/user/secure-cookie';

describe('counters and the secure cookie (spec 7, 9)', () => {
  const server = useTestServer(undefined);
  const get = (query: string) => server.app.inject({ url: `${COUNTERS}?${query}`, headers: XHR_HEADERS });

  test('the counters of a known domain, and the default ones of any other', async () => {
    const known = await get('projectId=285&domain=promo.example.com');
    expect(known.statusCode).toBe(200);
    expect(countersSchema.parse(known.json()).counters.map((c) => c.type)).toEqual(['gtm', 'ga4', 'metrika']);
    const other = countersSchema.parse((await get('projectId=285&domain=127.0.0.1')).json());
    expect(other.counters).toEqual([
      { type: 'gtm', code: 'GTM-PF285DM' },
      { type: 'metrika', code: '98500285' },
    ]);
  });

  test.each([
    ['domain=localhost', 400, 'invalid_param', /^Invalid request query: projectId: /],
    ['projectId=abc&domain=localhost', 400, 'invalid_param', /^Invalid request query: projectId: /],
    ['projectId=-1&domain=localhost', 400, 'invalid_param', /^Invalid request query: projectId: /],
    ['projectId=285', 400, 'invalid_param', /^Invalid request query: domain: /],
    ['projectId=285&domain=evil.com/x', 400, 'invalid_param', /^Invalid request query: domain: /],
    ['projectId=285&domain=-bad-.com', 400, 'invalid_param', /^Invalid request query: domain: /],
    ['projectId=1&domain=localhost', 404, 'not_found', /^No project 1$/],
  ])('counters?%s -> %i %s', async (query, status, code, detail) => {
    const response = await get(query);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, error: code, detail: expect.stringMatching(detail) });
  });

  test('a signed-in player gets an HttpOnly secure cookie that lives 1800 s', async () => {
    const player = await newPlayer(server, { like: 0 });
    const response = await player.call('POST', SECURE, {}, { fingerprint: 'fp_0123456789abcdef' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ maxAge: 1800 });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${SECURE_COOKIE}=[\\w-]{32};`));
    expect(cookie).toContain('Max-Age=1800');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
  });

  test.each<[object, string]>([
    [{}, 'no fingerprint'],
    [{ fingerprint: 'short' }, 'too short'],
    [{ fingerprint: 'has spaces in it' }, 'not URL-safe'],
    [{ fingerprint: 'x'.repeat(129) }, 'too long'],
  ])('a bad body (%j: %s) is a 400 with a code and sets no cookie', async (body) => {
    const player = await newPlayer(server, { like: 0 });
    const response = await player.call('POST', SECURE, {}, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_body', message: 'The request is not valid.' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('a visitor gets no secure cookie', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: SECURE,
      headers: XHR_HEADERS,
      payload: { fingerprint: 'fp_0123456789abcdef' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
