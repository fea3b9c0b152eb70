import { performance } from 'node:perf_hooks';
import { count } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, test } from 'vitest';
import { sessions } from '../db/schema.ts';
import { FREE_FAILURES } from '../domain/login-throttle.ts';
import { DEMO_USERS } from '../seed/demo-users.ts';
import { seedDictionaries } from '../seed/index.ts';
import { DEFAULT_RATE_LIMITS, DEMO_OPERATOR_KEY } from '../settings.ts';
import { fastLogin, type TestServer, useTestServer, XHR_HEADERS } from '../testing.ts';

/** The failed probes of the hardening issue (item 3), one by one (decision 017). */

const [player, arabic] = DEMO_USERS;
const GET_TOKEN = '/web-api/user/gettoken';
const SESSION_USER = '/web-api/api/internal/v1/sessions/user';
const english = seedDictionaries.en ?? {};
const russian = seedDictionaries.ru ?? {};
/** Sign-ins alone are under test here, not the rate limit in front of them. */
const NO_SIGN_IN_LIMIT = { rateLimits: { ...DEFAULT_RATE_LIMITS, signIn: 0 } };

const signIn = (server: TestServer, from: string, login: string, pass: string, headers: Record<string, string> = {}) =>
  fastLogin(server, login, pass, { from, headers });

describe('sign-in back-off per account and address', () => {
  const server = useTestServer(undefined, NO_SIGN_IN_LIMIT);

  test('30 wrong passwords at once from one address: 5 are checked, 25 refused; each was counted before its answer', async () => {
    const guesser = '203.0.113.30';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(server, guesser, 'nobody.parallel', `parallel-guess-${i}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - FREE_FAILURES);
  });

  test('50 wrong passwords from A: A is refused, the owner at B signs in at once', async () => {
    const attacker = '203.0.113.10';
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1)
      statuses.push((await signIn(server, attacker, player.login, `guess-${i}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(40);

    // A is refused even with the right password, with a wait and a code.
    const refused = await signIn(server, attacker, player.login, player.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      error: 'too_many_sign_ins',
      message: english.api_error_too_many_sign_ins,
    });

    const owner = await signIn(server, '198.51.100.20', player.login, player.password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user_id).toBeGreaterThan(0);
  });

  test('the wait grows: 1 s after five failures, then 2 s', async () => {
    const from = '203.0.113.11';
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(server, from, arabic.login, `guess-${i}`)).statusCode).toBe(401);
    const first = await signIn(server, from, arabic.login, 'guess-5');
    expect([first.statusCode, first.headers['retry-after']]).toEqual([429, '1']);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await signIn(server, from, arabic.login, 'guess-6')).statusCode).toBe(401);
    const second = await signIn(server, from, arabic.login, 'guess-7', { 'accept-language': 'ru' });
    expect([second.statusCode, second.headers['retry-after']]).toEqual([429, '2']);
    expect(second.json().message).toBe(russian.api_error_too_many_sign_ins);
  });
});

describe('rate limits', () => {
  const server = useTestServer(undefined, {
    rateLimits: { signIn: 3, token: 5, telemetry: 4, actions: 3, operator: 4 },
  });
  const call = (method: 'GET' | 'POST', url: string, from: string, headers: object = {}, payload?: object) =>
    server.app.inject({ method, url, remoteAddress: from, headers: { ...XHR_HEADERS, ...headers }, payload });

  test('past the limit: 429, Retry-After and code rate_limited in the language asked for; other addresses go on', async () => {
    const from = '192.0.2.30';
    for (let i = 0; i < 3; i += 1) expect((await signIn(server, from, 'nobody', 'x')).statusCode).toBe(401);
    const limited = await signIn(server, from, 'nobody', 'x', { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      error: 'rate_limited',
      message: russian.api_error_rate_limited,
    });
    expect(russian.api_error_rate_limited).toMatch(/[а-я]/);
    expect((await signIn(server, '192.0.2.31', 'nobody', 'x')).statusCode).toBe(401);
    // Each group counts apart: gettoken is still open to the same address, up to its own limit.
    for (let i = 0; i < 5; i += 1) expect((await call('GET', GET_TOKEN, from)).statusCode).toBe(200);
    expect((await call('GET', GET_TOKEN, from)).json().error).toBe('rate_limited');
  });

  test('beacons, money actions and operator calls are limited; reads are not', async () => {
    const from = '192.0.2.40';
    const statuses = async (n: number, send: () => Promise<{ statusCode: number }>) => {
      const seen: number[] = [];
      for (let i = 0; i < n; i += 1) seen.push((await send()).statusCode);
      return seen;
    };
    const beacon = () => call('POST', '/web-api/analytics/metrics', from, {}, { metrics: [] });
    expect((await statuses(5, beacon)).at(-1)).toBe(429);
    const spin = () => call('POST', '/web-api/api/web/promotions/wheel/137/spin', from, {}, {});
    expect((await statuses(4, spin)).slice(-2).map((s) => s === 429)).toEqual([false, true]);
    expect(new Set(await statuses(20, () => call('GET', '/web-api/GetTimezones', from)))).toEqual(new Set([200]));

    // The operator's calls count per key: guesses without it are held apart from the operator.
    const openApi = '/operator-api/v1/openapi.json';
    const guess = () => call('GET', openApi, from, { authorization: 'Bearer wrong-key' });
    expect((await statuses(4, guess)).at(-1)).toBe(429);
    const operator = () => call('GET', openApi, from, { authorization: `Bearer ${DEMO_OPERATOR_KEY}` });
    expect(await statuses(5, operator)).toEqual([200, 200, 200, 200, 429]);
  });

  test('wrong operator keys on a keyed route are counted before the key check: 401s, then 429; the right key still passes', async () => {
    const from = '192.0.2.45';
    const settle = (key: string) =>
      call('POST', '/operator-api/v1/settlements', from, { authorization: `Bearer ${key}` }, { items: [] });
    // The guesses' limit is the sign-in limit (3 here), per address.
    const guesses: number[] = [];
    for (let i = 0; i < 6; i += 1) guesses.push((await settle(`wrong-key-${i}`)).statusCode);
    expect(guesses).toEqual([401, 401, 401, 429, 429, 429]);
    expect((await settle('wrong-key-again')).json().error).toBe('rate_limited');
    // The operator's own calls count apart: a right key from the same address is not locked out.
    expect((await settle(DEMO_OPERATOR_KEY)).statusCode).not.toBe(429);
    expect((await settle(DEMO_OPERATOR_KEY)).statusCode).not.toBe(401);
  });

  test('a client cannot pick its address with X-Forwarded-For', async () => {
    const from = '192.0.2.50';
    for (let i = 0; i < 5; i += 1) {
      await call('GET', GET_TOKEN, from, { 'x-forwarded-for': `10.9.8.${i}` });
    }
    expect((await call('GET', GET_TOKEN, from, { 'x-forwarded-for': '10.9.8.99' })).statusCode).toBe(429);
  });
});

describe('sign-in time does not tell whether a login exists', () => {
  const server = useTestServer(undefined, NO_SIGN_IN_LIMIT);

  const timed = async (from: string, login: string) => {
    const started = performance.now();
    const response = await signIn(server, from, login, 'not-the-password');
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(401);
    return elapsed;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  test('an unknown login costs what a wrong password costs (medians of 20 within a factor of 2)', async () => {
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Each try from its own address and the wrong passwords spread over the demo users: no back-off.
    for (let i = -2; i < 20; i += 1) {
      const u = await timed(`198.18.0.${i + 3}`, `nobody-${i + 3}`);
      const w = await timed(`198.18.1.${i + 3}`, DEMO_USERS[(i + 3) % 5]?.login ?? '');
      if (i >= 0) {
        unknown.push(u);
        wrong.push(w);
      }
    }
    const ratio = median(unknown) / median(wrong);
    expect(ratio, `unknown ${median(unknown).toFixed(1)} ms, wrong ${median(wrong).toFixed(1)} ms`).toBeGreaterThan(
      0.5,
    );
    expect(ratio).toBeLessThan(2);
  });
});

describe('gettoken without a cookie stores nothing', () => {
  const server = useTestServer(undefined);
  const rows = async () => (await server.database.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;

  test('200 cookie-less gettokens write no session row; their visitor tokens work', async () => {
    const before = await rows();
    const subjects = new Set<string>();
    let last = '';
    for (let i = 0; i < 200; i += 1) {
      const response = await server.app.inject({ url: GET_TOKEN });
      expect(response.statusCode).toBe(200);
      last = response.json().token;
      subjects.add(String(decodeJwt(last).sub));
    }
    expect(await rows()).toBe(before);
    expect(subjects.size).toBe(200);
    const visitor = await server.app.inject({ url: SESSION_USER, headers: { 'x-auth': `Bearer ${last}` } });
    expect(visitor.json()).toEqual({ user_id: null });
  });

  test('a visitor keeps its id without a row; signing in writes the rows and ends the visitor token', async () => {
    const before = await rows();
    const first = await server.app.inject({ url: GET_TOKEN });
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    const visitorToken = first.json().token;
    const again = await server.app.inject({ url: GET_TOKEN, headers: { cookie } });
    expect(decodeJwt(again.json().token).sub).toBe(decodeJwt(visitorToken).sub);
    expect(await rows()).toBe(before);

    const signedIn = await fastLogin(server, player.login, player.password, { headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    // The user's session, and the visitor id recorded as revoked.
    expect(await rows()).toBe(before + 2);
    const old = await server.app.inject({ url: SESSION_USER, headers: { 'x-auth': `Bearer ${visitorToken}` } });
    expect(old.statusCode).toBe(401);
    // The old visitor cookie cannot bring the visitor back: it gets a new id.
    const replayed = await server.app.inject({ url: GET_TOKEN, headers: { cookie } });
    expect(decodeJwt(replayed.json().token).sub).not.toBe(decodeJwt(visitorToken).sub);
  });
});
