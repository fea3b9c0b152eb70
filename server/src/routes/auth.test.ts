import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, test } from 'vitest';
import { idempotencyKeys, users } from '../db/schema.ts';
import { DEMO_USERS } from '../seed/demo-users.ts';
import { databaseTargets, type TestServer, useTestServer } from '../testing.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const [player, arabic] = DEMO_USERS;
const WHEEL_SPIN = '/web-api/api/web/promotions/wheel/137/spin';

/** A browser-like client: keeps the session cookie and the latest token. */
function client(server: TestServer, cookieName = 'promo_session') {
  let cookie = '';
  const remember = (setCookie: string | string[] | undefined) => {
    const value = [setCookie ?? []].flat().find((item) => item.startsWith(`${cookieName}=`));
    if (value) cookie = value.split(';')[0] ?? '';
  };
  return {
    get cookie() {
      return cookie;
    },
    async token(): Promise<string> {
      const response = await server.app.inject({
        url: '/web-api/user/gettoken?force_refresh=true',
        headers: { cookie },
      });
      remember(response.headers['set-cookie']);
      return response.json().token;
    },
    async call(method: 'GET' | 'POST', url: string, options: { token?: string; body?: object; headers?: object } = {}) {
      const response = await server.app.inject({
        method,
        url,
        headers: {
          ...XHR,
          cookie,
          ...(options.token ? { 'x-auth': `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        ...(options.body ? { payload: options.body } : {}),
      });
      remember(response.headers['set-cookie']);
      return response;
    },
    login(login: string, pass: string) {
      return this.call('POST', '/web-api/external-api/fastLogin', { body: { login, pass } });
    },
  };
}

describe.each(databaseTargets)('sessions and users on $name', ({ databaseUrl }) => {
  const server = useTestServer(databaseUrl);
  const keysNamed = async (key: string) =>
    (await server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length;

  test('gettoken starts a visitor session in an httpOnly cookie and keeps it on refresh', async () => {
    const browser = client(server);
    const first = decodeJwt(await browser.token());
    expect(browser.cookie).toMatch(/^promo_session=/);
    const second = decodeJwt(await browser.token());
    expect(second.sub).toBe(first.sub);
    const response = await server.app.inject({ url: '/web-api/user/gettoken' });
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(response.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
  });

  test('a visitor session has no user; user calls are refused with 403, not 401', async () => {
    const browser = client(server);
    const token = await browser.token();
    expect((await browser.call('GET', '/web-api/api/internal/v1/sessions/user', { token })).json()).toEqual({
      user_id: null,
    });
    expect((await browser.call('POST', '/web-api/user/balance', { token })).statusCode).toBe(403);
    expect((await browser.call('GET', '/web-api/user/getuserconfig', { token })).statusCode).toBe(403);
  });

  test('calls without a valid token get 401', async () => {
    const browser = client(server);
    for (const token of [undefined, 'garbage', `${await browser.token()}x`]) {
      const response = await browser.call('GET', '/web-api/api/internal/v1/sessions/user', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: 'session_invalid',
        message: 'Your session has expired; sign in again',
      });
      expect(response.json().detail).toMatch(/token/i);
    }
  });

  test('fastLogin checks the password, replaces the session and the old token stops working', async () => {
    const browser = client(server);
    const visitorToken = await browser.token();
    const wrong = await browser.login(player.login, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'wrong_credentials', message: 'Wrong login or password.' });
    // An unknown login gets the same answer as a wrong password.
    expect((await browser.login('nobody', 'x')).json()).toEqual(wrong.json());

    const right = await browser.login(player.login, player.password);
    expect(right.statusCode).toBe(200);
    const userId = right.json().user_id;
    expect(userId).toBeGreaterThan(0);
    expect(
      (await browser.call('GET', '/web-api/api/internal/v1/sessions/user', { token: visitorToken })).statusCode,
    ).toBe(401);
    const token = await browser.token();
    expect((await browser.call('GET', '/web-api/api/internal/v1/sessions/user', { token })).json()).toEqual({
      user_id: userId,
    });
    const config = await browser.call('GET', '/web-api/user/getuserconfig', { token });
    expect(config.json()).toEqual({
      result: { user_id: userId, user_country_code: player.countryCode, user_country_id: player.countryId },
    });
  });

  test('state-changing calls need X-Requested-With and a valid body', async () => {
    const noHeader = await server.app.inject({
      method: 'POST',
      url: '/web-api/external-api/fastLogin',
      payload: { login: player.login, pass: player.password },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error).toBe('csrf_header_required');
    // The guard reads the path the router matched: an encoded prefix is no way round it.
    for (const url of ['/%77eb-api/external-api/fastLogin', '/web-api/external-api/%66astLogin']) {
      const encoded = await server.app.inject({
        method: 'POST',
        url,
        payload: { login: player.login, pass: player.password },
      });
      expect([url, encoded.statusCode]).toEqual([url, 403]);
    }
    const browser = client(server);
    for (const body of [{}, { login: player.login }, { login: '', pass: 'x' }, { login: 5, pass: 'x' }]) {
      const response = await browser.call('POST', '/web-api/external-api/fastLogin', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_body', message: 'The request is not valid.' });
      expect(response.json().detail).toMatch(/^Invalid request body/);
    }
  });

  test('balance lists the accounts and setactiveaccount switches the one active account', async () => {
    const browser = client(server);
    await browser.login(player.login, player.password);
    const token = await browser.token();
    const { accounts } = (await browser.call('POST', '/web-api/user/balance', { token })).json();
    expect(accounts.map((a: { currencyCode: string }) => a.currencyCode)).toEqual(['USD', 'EUR', 'mBTC']);
    expect(accounts.filter((a: { active: boolean }) => a.active)).toHaveLength(1);
    const eur = accounts[1];
    expect(eur.amount).toBe('80.00000000');
    const switched = await browser.call('POST', '/web-api/user/setactiveaccount', { token, body: { id: eur.id } });
    expect(switched.statusCode).toBe(200);
    const active = switched.json().accounts.filter((a: { active: boolean }) => a.active);
    expect(active.map((a: { id: number }) => a.id)).toEqual([eur.id]);
    await browser.call('POST', '/web-api/user/setactiveaccount', { token, body: { id: accounts[0].id } });
  });

  test("nobody can activate another user's account", async () => {
    const owner = client(server);
    await owner.login(player.login, player.password);
    const ownerAccounts = (await owner.call('POST', '/web-api/user/balance', { token: await owner.token() })).json()
      .accounts;
    const intruder = client(server);
    await intruder.login(arabic.login, arabic.password);
    const response = await intruder.call('POST', '/web-api/user/setactiveaccount', {
      token: await intruder.token(),
      body: { id: ownerAccounts[1].id },
    });
    expect(response.statusCode).toBe(404);
  });

  test('disconnect ends the session: its token gets 401 and the cookie is cleared', async () => {
    const browser = client(server);
    await browser.login(player.login, player.password);
    const token = await browser.token();
    const response = await browser.call('POST', '/web-api/user/disconnect', { token });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/promo_session=;/);
    expect((await browser.call('GET', '/web-api/api/internal/v1/sessions/user', { token })).statusCode).toBe(401);
    // A money call with the token (still unexpired) is refused too, and claims nothing.
    const spin = await browser.call('POST', WHEEL_SPIN, { token, headers: { 'idempotency-key': 'after-sign-out-1' } });
    expect([spin.statusCode, spin.json().error]).toEqual([401, 'session_invalid']);
    expect(await keysNamed('after-sign-out-1')).toBe(0);
    // Signing out again is harmless.
    expect((await browser.call('POST', '/web-api/user/disconnect', { token })).statusCode).toBe(200);
  });

  test('a visitor cannot make a money call: 403 sign_in_required, nothing claimed', async () => {
    const visitor = client(server);
    const token = await visitor.token();
    expect(decodeJwt(token).vis).toBe(true);
    const spin = await visitor.call('POST', WHEEL_SPIN, { token, headers: { 'idempotency-key': 'visitor-spin-1' } });
    expect([spin.statusCode, spin.json().error]).toEqual([403, 'sign_in_required']);
    expect(await keysNamed('visitor-spin-1')).toBe(0);
  });

  test('the mobile token sign-in binds the session to the app user and applies the app currency', async () => {
    const browser = client(server);
    const auth = (token: string, headers: object = {}) =>
      browser.call('POST', '/web-api/api/mobile/v1/token/auth', {
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
    expect((await auth('unknown-token')).statusCode).toBe(401);
    expect((await auth(player.appToken, { 'x-mobile-project-id': '1' })).statusCode).toBe(400);
    const response = await auth(player.appToken, { 'x-mobile-project-id': '285', 'x-mobile-currency': 'eur' });
    expect(response.statusCode).toBe(200);
    const token = await browser.token();
    const user = (await browser.call('GET', '/web-api/api/internal/v1/sessions/user', { token })).json();
    expect(user.user_id).toBe(response.json().user_id);
    const { accounts } = (await browser.call('POST', '/web-api/user/balance', { token })).json();
    expect(accounts.find((a: { active: boolean }) => a.active).currencyCode).toBe('EUR');
    await browser.call('POST', '/web-api/user/setactiveaccount', { token, body: { id: accounts[0].id } });
  });

  test('GetTimezones lists zones with their current offsets', async () => {
    const response = await server.app.inject({ url: '/web-api/GetTimezones' });
    expect(response.statusCode).toBe(200);
    const moscow = response.json().timezones.find((zone: { id: string }) => zone.id === 'Europe/Moscow');
    expect(moscow).toEqual({ id: 'Europe/Moscow', title: 'Moscow', offsetMinutes: 180 });
  });
});

describe('expired tokens', () => {
  const server = useTestServer(undefined, { tokenTtlSeconds: -5 });

  test('a token past its exp gets 401 although its session lives', async () => {
    const browser = client(server);
    const token = await browser.token();
    expect(decodeJwt(token).exp).toBeLessThan(Date.now() / 1000);
    expect((await browser.call('GET', '/web-api/api/internal/v1/sessions/user', { token })).statusCode).toBe(401);
  });
});

describe('password guessing', () => {
  const server = useTestServer(undefined);

  test('repeated wrong passwords are refused with 429 and Retry-After, even with the right one', async () => {
    const browser = client(server);
    for (let i = 0; i < 5; i += 1) expect((await browser.login(arabic.login, `guess-${i}`)).statusCode).toBe(401);
    const refused = await browser.login(arabic.login, arabic.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'too_many_sign_ins',
      message: 'Too many failed sign-ins. Wait a little and try again.',
      detail: 'Too many failed sign-ins. Try again in 1 s.',
    });
    // The first wait is a second; it doubles with each further failure (decision 017).
    expect(refused.headers['retry-after']).toBe('1');
    // Another login is not affected.
    expect((await browser.login(player.login, player.password)).statusCode).toBe(200);
  });
});

describe('a session cookie that is Secure (production, or embedded cross-site)', () => {
  const server = useTestServer(undefined, { sessionCookieSameSite: 'none' });

  test('is named __Host-promo_session: Secure, for the whole host, no Domain; the plain name is not read', async () => {
    const browser = client(server, '__Host-promo_session');
    expect((await browser.login(player.login, player.password)).statusCode).toBe(200);
    const setCookie = browser.cookie;
    expect(setCookie).toMatch(/^__Host-promo_session=[\w-]+$/);
    const sent = await server.app.inject({
      method: 'POST',
      url: '/web-api/external-api/fastLogin',
      headers: XHR,
      payload: { login: player.login, pass: player.password },
    });
    const header = String(sent.headers['set-cookie']);
    expect(header).toMatch(/^__Host-promo_session=/);
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; Path=\//i);
    expect(header).not.toMatch(/Domain=/i);
    // The signed-in session is resumed from the __Host- cookie, and only from it.
    const token = await browser.token();
    const user = await browser.call('GET', '/web-api/api/internal/v1/sessions/user', { token });
    expect(user.json().user_id).toEqual(expect.any(Number));
    const id = setCookie.slice('__Host-promo_session='.length);
    const planted = await server.app.inject({
      url: '/web-api/user/gettoken?force_refresh=true',
      headers: { cookie: `promo_session=${id}` },
    });
    const plantedToken = planted.json().token as string;
    expect(decodeJwt(plantedToken).vis).toBe(true);
  });
});

describe('passwords hashed at less than the server cost', () => {
  const server = useTestServer(undefined, { scryptLog2N: 15 });
  const hashOf = async (login: string) =>
    (await server.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.login, login)))[0]?.hash;

  test('are made again at its cost at the next successful sign-in; a wrong password changes nothing', async () => {
    // The demo players were seeded at 2^14.
    expect(await hashOf(arabic.login)).toMatch(/^scrypt\$16384\$/);
    const browser = client(server);
    expect((await browser.login(arabic.login, 'not-the-password')).statusCode).toBe(401);
    expect(await hashOf(arabic.login)).toMatch(/^scrypt\$16384\$/);
    expect((await browser.login(arabic.login, arabic.password)).statusCode).toBe(200);
    expect(await hashOf(arabic.login)).toMatch(/^scrypt\$32768\$8\$1\$/);
    // The new hash still opens the account, and is not made again.
    const raised = await hashOf(arabic.login);
    expect((await client(server).login(arabic.login, arabic.password)).statusCode).toBe(200);
    expect(await hashOf(arabic.login)).toBe(raised);
  });
});
