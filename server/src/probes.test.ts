/**
 * The probes of the hardening issue ("Reference server: hardening against faults, abuse and bad
 * input") that HELD, kept running so they keep holding. The probes that failed are replayed by the
 * tests that came with their fixes; this table says where each probe of the issue runs.
 *
 * | Probe (issue)                                   | Held / failed | Runs in: file > test                                                                                   |
 * |-------------------------------------------------|---------------|--------------------------------------------------------------------------------------------------------|
 * | JWT forgery (alg none, other key, changed payload, expired, wrong alg/issuer) | held | probes.test.ts > 'JWT forgery: …' (both tests); expiry of a server-issued token also auth.test.ts > 'a token past its exp gets 401 although its session lives'; garbage and a tampered signature auth.test.ts > 'calls without a valid token get 401' |
 * | Session fixation                                | held          | probes.test.ts > 'session fixation: a cookie planted before sign-in …'; the visitor token ending at sign-in also auth.test.ts > 'fastLogin checks the password, replaces the session and the old token stops working' and abuse.test.ts > 'a visitor keeps its id without a row; …' |
 * | Cookie flags                                    | held          | probes.test.ts > 'cookie flags: …' (both tests); the visitor cookie's HttpOnly and SameSite=Lax also auth.test.ts > 'gettoken starts a visitor session in an httpOnly cookie …' |
 * | CSRF, normal paths (no X-Requested-With, /%77eb-api/…) | held   | auth.test.ts > 'state-changing calls need X-Requested-With and a valid body' (fastLogin, /%77eb-api, /%66astLogin); probes.test.ts > 'CSRF: every state-changing web API route …' and 'CSRF: odd spellings of a path …' |
 * | IDOR                                            | held          | auth.test.ts > "nobody can activate another user's account" (the 404); probes.test.ts > 'IDOR: …' (both tests) |
 * | SQL injection (144 payloads)                    | held          | probes.test.ts > 'SQL injection: …' (54 payloads in each of 5 places: fastLogin's login, the promotion key path, the CMS slug query, the lottery code path, the lang query; and the pg_sleep control); fuzz.test.ts > 'generated params, queries and bodies never get a 5xx or log an error' ("' or 1=1 --" among its values) |
 * | Path traversal                                  | held          | probes.test.ts > 'path traversal: …'; cms.test.ts (slug=../etc is a 400)                                |
 * | Strict CSP                                      | held          | probes.test.ts > 'strict CSP: …'; app.test.ts > 'CSP lets only the configured hosts embed the frame' (config answer) and 'the demo host page may frame the frame and may not be framed itself'; page-routes.test.ts > 'inline scripts and styles are allowed by their hash only; …' |
 * | 50 concurrent spins or purchases                | held          | ledger.test.ts > '30 concurrent lotto purchases: 11 are paid, 19 refused, never overdrawn, every one an entry' and '30 concurrent wheel spins: each cash prize is one entry and the balance is the sum' (both end on ledgerMismatches = []); not repeated here |
 * | kill -9 during writes                           | held          | data-dir-lock.test.ts > 'a lock left by a process that no longer runs (kill -9) is taken over' (the restart after a kill -9 opens the data); bench/load.ts (npm run bench:load, not in the unit suite: a SIGTERM restart halfway, every acknowledged write found after it; SIGKILL only when the server does not stop in 30 s) |
 * | Hostile postMessages                            | held          | frame/src/shared/host-bridge/bridge.test.ts > 'inbound: only a valid config update from the allowed parent is applied', 'a parent that is not on the allow-list gets nothing', 'a parent off the allow-list gets nothing of what waited', 'inbound: a frameViewport band reaches its handler, bad bands and other senders do not'; host-sdk/src/embed-frame.test.ts > 'messages from another origin, another window or of a bad shape are ignored'; contract/src/host-messages.test.ts > '__proto__ keys pollute nothing', 'any value: the host message parser never throws …' |
 * | Failed (decision 017): 5 wrong passwords locked the owner out | fixed | abuse.test.ts > '50 wrong passwords from A: A is refused, the owner at B signs in at once', 'the wait grows: 1 s after five failures, then 2 s'; auth.test.ts > 'repeated wrong passwords are refused with 429 and Retry-After, even with the right one' |
 * | Failed (017): no rate limit on any call         | fixed         | abuse.test.ts > 'past the limit: 429, Retry-After and code rate_limited in the language asked for; other addresses go on', 'beacons, money actions and operator calls are limited; reads are not' |
 * | Failed (017): X-Forwarded-For named the address | fixed         | abuse.test.ts > 'a client cannot pick its address with X-Forwarded-For'                                 |
 * | Failed (017): timing told which logins exist    | fixed         | abuse.test.ts > 'an unknown login costs what a wrong password costs (medians of 20 within a factor of 2)' |
 * | Failed (017): every cookie-less gettoken wrote a session row | fixed | abuse.test.ts > '200 cookie-less gettokens write no session row; their visitor tokens work', 'a visitor keeps its id without a row; signing in writes the rows and ends the visitor token' |
 * | Failed (018): ids >= 2^31 and NUL bytes answered 500 | fixed    | validation.test.ts > 'ids of 2^31 and above are a 400 on every route with an id, in the request language', '%s is a 400 with its code and a translated message'; fuzz.test.ts > 'generated params, queries and bodies never get a 5xx or log an error' |
 * | Failed (018): the collector's 500s; 2025-02-30 wrote rows | fixed | validation.test.ts > 'the analytics collector refuses %s and stores nothing', '%s is a 400 with its code and a translated message' (an impossible date, a month 13) |
 * | Failed (018): refusals in two spellings or without a code | fixed | validation.test.ts > "Fastify's own refusals carry the app's codes", 'every code the layer answers with reads in %s' |
 * | Failed (commit 2a9d783, issue 22): CSRF guard bypassed by /%77eb-api/… | fixed | auth.test.ts > 'state-changing calls need X-Requested-With and a valid body' |
 * | Failed (2a9d783): two servers opened one PGlite directory | fixed | data-dir-lock.test.ts > 'one writer per data directory: a second is refused by name until the first lets go', 'a second server on the same PGlite directory does not open it' |
 * | Failed (2a9d783): a cash prize dropped when its currency was not held | fixed | credit-cash.test.ts > 'in its own currency when held; converted into the active account when not', 'a player without any account is a refusal, and nothing is written' |
 * | Failed (2a9d783): readiness said ok with the database gone | fixed | health.test.ts > 'readiness follows the database: 200 while it answers, 503 with a code once it is gone; liveness stays' |
 * | Failed (2a9d783): source maps and the build manifest were served | fixed | page-routes.test.ts > 'source maps and the build manifest are not served; the root leads to the demo host' |
 * | Failed (issue 38): wrong operator keys were never rate limited (the key check answered 401 before the limiter counted) | fixed | abuse.test.ts > 'wrong operator keys on a keyed route are counted before the key check: 401s, then 429; the right key still passes'; a production key under 32 characters stops the start: settings.test.ts > 'production refuses an operator key shorter than 32 characters, by name; 32 and more start' |
 * | Failed (issue 38): lotto tickets showed mBTC amounts to 2 decimals (prices are kept to 8) | fixed | lotto.test.ts > 'an mBTC ticket reads to 8 digits, exactly the line price it was bought at (not rounded to 2)' |
 * | Failed (issue 38): the sanitiser kept `id`, so CMS rich text could clobber what getElementById reads at hydration | fixed | frame/src/widgets/cms-blocks/ui/cms-blocks.test.tsx > "CMS text cannot shadow the frame's own elements: an id or name of its own is namespaced" |
 * | Failed (issue 38): a production start seeded the demo players, who sign in with the README's password | fixed | seed/demo-data.test.ts > 'seeds the catalogue and no player: the README passwords and app tokens open nothing', 'closes the demo players: no sign-in by password or app token, their sessions end; their rows stay'; settings.test.ts > 'demo data: seeded outside production; in production only when SEED_DEMO is confirmed by SEED_DEMO_IN_PRODUCTION' |
 * | Failed (issue 38): a GET of the lucky-day draw wrote a draw row for any date asked (and the jackpot's for its weeks) | fixed | lucky-day.test.ts > 'reading draws writes nothing; a day outside the promotion is a 400 with its code, in the language asked' (seeds derived from a key, decision 039) |
 * | Failed (issue 38): 400 live-standings streams from one address were all held open, without the request id of every answer | fixed | operator.test.ts > 'past 2 from one address or 3 in all: 429 too_many_streams, translated, with Retry-After; a closed stream frees its place' (decision 040) |
 * | Failed (issue 38): 30 parallel wrong passwords were all checked (the failure was counted after the hash) | fixed | abuse.test.ts > '30 wrong passwords at once from one address: 5 are checked, 25 refused; each was counted before its answer'; login-throttle.test.ts > 'a sign-in is reserved as a failure before its check; one that succeeds takes it back' |
 * | Failed (issue 38): the session cookie had no __Host- name where Secure; user_token was not Secure over https | fixed | auth.test.ts > 'is named __Host-promo_session: Secure, for the whole host, no Domain; the plain name is not read'; probes.test.ts > 'cookie flags: in production the session cookie is Secure as well, from gettoken and from sign-in'; frame cookies-https.test.ts > 'on a page served over https every cookie the frame writes is Secure' |
 * | Failed (issue 38): passwords were hashed with scrypt N = 2^14 in production | fixed | passwords.test.ts > "production's cost is scrypt N = 2^17 by default, and its hashes verify"; auth.test.ts > 'are made again at its cost at the next successful sign-in; a wrong password changes nothing'; settings.test.ts > 'scrypt cost: 2^17 in production and no less; …' |
 * | Failed (issue 38): the PostgreSQL pool had no statement or connection timeout | fixed | db/client.test.ts > 'PostgreSQL: a database that accepts the connection and never answers fails the open within the connect timeout', 'PostgreSQL: a statement past the statement timeout is cancelled (57014)' |
 * | Failed (issue 38): on PostgreSQL parallel hunt searches with their own keys all passed the day's limit, and two on one spot gave a 500 | fixed | hunts.test.ts > "20 searches at once with their own keys: the day's 3 are taken, the rest 409, none 500; one spot opens once" (the player's day board is locked first) |
 * | Failed (issue 38): refusals had no Cache-Control; a bonus page chosen by the player's country was public; pages rendered with cookies were no-cache, not private | fixed | cache-headers.test.ts > 'personal answers are private or no-store (no-store with identity or money); public ones are the same for all and name Vary' (every GET route, as a visitor and as a player); page-routes.test.ts, server-render.test.ts (pages: private, no-cache) |
 * | Failed (issue 38): two lucky-day takes of one player at once, each its own number: the second was told its number was taken | fixed | concurrency.test.ts > '20 requests of one player at once, each with its own key' (spins, tickets, forecasts, claims, the daily take, tournament entries: as many succeed as the rule allows, the rest 409 with their reason, none 5xx) |
 * | Failed (issue 38): tournament results and ticket ratings loaded and sorted the whole leaderboard per call, then sliced it | fixed | tournaments.test.ts > 'a page of standings reads a page from the database, not the whole board' (600 more participants: no query hands back more than 50 rows; ranked in SQL, decision 039) |
 * | Failed (issue 38): 200 concurrent page requests made the next visitor wait 4 s (every server render waited for the one before it, unbounded) | fixed | server-render.test.ts > 'past its queue: at once, logged and counted; the renders that waited finish', 'past its time limit: the render is told to stop, the page goes to the browser, the next renders'; render-gate.test.ts (decision 039: 4.1-5.0 s before, 1.35-1.5 s after, measured on loopback) |
 * | Failed (issue 38): the wheel could be joined and spun before its promotion started (each action had its own rule and code) | fixed | promotion-status.test.ts > 'every promotion action × not started, running, ended' (9 actions × 3 states: 409 not_started / promotion_ended in the request's language) |
 *
 * Hardening that came with those fixes, not recorded as a failed probe: every API route declares
 * its schemas (validation.test.ts > 'an API route that declares no schema stops the server at
 * start-up'); a malformed lang is a 400 (app.test.ts > 'a malformed lang (%s) is a 400, not a
 * crash'); proxy request ids (validation.test.ts > 'a request id given by a proxy is kept when it is
 * a plain token, replaced otherwise'); writes in flight finish on SIGTERM (shutdown.test.ts); the
 * ledger check (ledger.test.ts > 'a balance changed behind the ledger, or a broken chain, is
 * reported; the route needs the key').
 *
 * Path traversal and the odd CSRF spellings go over a real loopback socket: inject() resolves
 * `..` and `%2e%2e` segments (WHATWG URL) before the server sees them, as curl --path-as-is does not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Settlement } from '@promo/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { base64url, decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ledgerEntries, serverSecrets, users } from './db/schema.ts';
import { apiRoutes } from './http/validation.ts';
import { BEACON_PATHS } from './routes/analytics.ts';
import { DEMO_USERS } from './seed/demo-users.ts';
import { DEMO_OPERATOR_KEY } from './settings.ts';
import { fastLogin, signedInCaller, type TestServer, useTestServer, XHR_HEADERS } from './testing.ts';

const GET_TOKEN = '/web-api/user/gettoken';
const SESSION_USER = '/web-api/api/internal/v1/sessions/user';
const BALANCE = '/web-api/user/balance';
const SET_ACTIVE = '/web-api/user/setactiveaccount';
const TICKETS = '/web-api/api/v3/lotto/tickets';
const WHEEL = '/web-api/api/web/promotions/wheel/137';
// no-risk-bet: a losing first single is covered with a free bet of its stake.
const NO_RISK_CREDITS = '/web-api/api/web/promotions/114/credits';
const ISSUER = 'promo-frame-reference-server';
/** Rate limits and the sign-in back-off are abuse.test.ts's subject: here they would only hide the probes. */
const NO_LIMITS = { rateLimits: { signIn: 0, token: 0, telemetry: 0, actions: 0, operator: 0 } };

/**
 * A fake checkout on disk: the frame's and the host SDK's builds, and beside them files a
 * traversal would reach (a package.json, a settings source, a secret). Made before the server
 * (it reads the frame's index.html at start-up).
 */
const tree = mkdtempSync(path.join(tmpdir(), 'promo-probes-'));
const frameDist = path.join(tree, 'frame', 'dist');
const hostSdkDist = path.join(tree, 'host-sdk', 'dist');
const INLINE_SCRIPT = '(function () { window.probe = 1; })();';
const INDEX = `<!doctype html><html><head><title>frame</title></head><body><div id="root"></div><script>${INLINE_SCRIPT}</script><script type="module" src="/promo-frame/assets/index-probe.js"></script></body></html>`;
const INSIDE = 'console.log("PROBE-INSIDE")';
mkdirSync(path.join(frameDist, 'assets'), { recursive: true });
mkdirSync(hostSdkDist, { recursive: true });
mkdirSync(path.join(tree, 'server', 'src'), { recursive: true });
writeFileSync(path.join(frameDist, 'index.html'), INDEX);
writeFileSync(path.join(frameDist, 'assets', 'index-probe.js'), INSIDE);
writeFileSync(path.join(hostSdkDist, 'promo-host-sdk.js'), INSIDE);
for (const name of ['', 'frame', 'host-sdk']) {
  writeFileSync(
    path.join(tree, name, 'package.json'),
    JSON.stringify({ name: `@promo/${name || 'root'}`, private: true }, null, 2),
  );
}
writeFileSync(path.join(tree, 'server', 'src', 'settings.ts'), 'export function readSettings() {}\n');
writeFileSync(path.join(tree, 'secret.txt'), 'PROBE-SECRET root:x:0:0\n');
afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** What no answer may contain: /etc/passwd, a package.json of the checkout, server source, the secret. */
const OUTSIDE = ['root:', '"name": "@promo', 'readSettings', 'PROBE-SECRET'];

/** A request over a real socket, its path sent byte for byte as given. */
function raw(
  port: number,
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: rawPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function listening(server: TestServer): { port: number } {
  const address = { port: 0 };
  beforeAll(async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const bound = server.app.server.address();
    address.port = typeof bound === 'object' && bound ? bound.port : 0;
  });
  return address;
}

/** The session cookie's Set-Cookie line, under its plain or its Secure (__Host-) name. */
const setCookieOf = (header: string | string[] | undefined) =>
  [header ?? []].flat().find((line) => /^(__Host-)?promo_session=/.test(line)) ?? '';
const cookieValue = (setCookie: string) => setCookie.split(';')[0]?.replace(/^(__Host-)?promo_session=/, '') ?? '';
/** A Set-Cookie line's attributes, names lower-cased: { httponly: '', path: '/', samesite: 'Lax', … }. */
const cookieAttributes = (setCookie: string) =>
  Object.fromEntries(
    setCookie
      .split(';')
      .slice(1)
      .map((part) => {
        const [name = '', ...value] = part.trim().split('=');
        return [name.toLowerCase(), value.join('=')];
      }),
  );

type Account = { id: number; currencyCode: string; amount: string; active: boolean };

describe('probes that held', () => {
  const server = useTestServer(undefined, { ...NO_LIMITS, frameDist, hostSdkDist });
  const socket = listening(server);

  const balanceWith = (token: string) =>
    server.app.inject({ method: 'POST', url: BALANCE, headers: { ...XHR_HEADERS, 'x-auth': `Bearer ${token}` } });
  const tokenOf = (caller: { headers: Record<string, string> }) =>
    (caller.headers['x-auth'] ?? '').replace(/^Bearer /, '');
  const accountsOf = async (caller: Awaited<ReturnType<typeof signedInCaller>>): Promise<Account[]> =>
    (await caller.call('POST', BALANCE)).json().accounts;

  describe('JWT forgery', () => {
    test('JWT forgery: alg none, another key, a changed payload, a stripped signature get 401 session_invalid', async () => {
      const player = await signedInCaller(server, 0);
      const other = await signedInCaller(server, 2);
      const genuine = tokenOf(player);
      const [header = '', payload = '', signature = ''] = genuine.split('.');
      const claims = decodeJwt(genuine);
      const otherSession = String(decodeJwt(tokenOf(other)).sub);
      expect(otherSession).not.toBe(claims.sub);
      const encode = (value: object) => base64url.encode(JSON.stringify(value));
      const forged: [string, string][] = [
        ['alg none, no signature', new UnsecuredJWT(claims).encode()],
        ['alg none, the genuine signature kept', `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`],
        ['alg "None"', `${encode({ alg: 'None', typ: 'JWT' })}.${payload}.`],
        [
          'signed with another key',
          await new SignJWT(claims)
            .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
            .sign(new TextEncoder().encode('a-key-that-is-not-the-servers-32b')),
        ],
        [
          'signed with the key "secret"',
          await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('secret')),
        ],
        [
          "the sub of another player's session, the genuine signature kept",
          `${header}.${encode({ ...claims, sub: otherSession })}.${signature}`,
        ],
        ['a later exp, the genuine signature kept', `${header}.${encode({ ...claims, exp: 4102444800 })}.${signature}`],
        ['the signature stripped', `${header}.${payload}.`],
        ['header and payload only', `${header}.${payload}`],
      ];
      // The genuine token works: a 401 below is the forgery's, not the call's.
      expect((await balanceWith(genuine)).statusCode).toBe(200);
      for (const [name, token] of forged) {
        const response = await balanceWith(token);
        expect([name, response.statusCode, response.json().error]).toEqual([name, 401, 'session_invalid']);
      }
    });

    test("JWT forgery with the server's own key: expired, another issuer, HS512, no sub get 401; the right claims work", async () => {
      const player = await signedInCaller(server, 0);
      const session = String(decodeJwt(tokenOf(player)).sub);
      const [secret] = await server.database.db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, 'jwt-hs256'));
      const key = Buffer.from(secret?.value ?? '', 'base64');
      expect(key.length).toBe(32);
      const now = Math.floor(Date.now() / 1000);
      const sign = (
        claims: { sub?: string; iss?: string; exp?: number; iat?: number },
        alg: 'HS256' | 'HS512' = 'HS256',
      ) => new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
      const right = { sub: session, iss: ISSUER, iat: now, exp: now + 300 };
      // The control: the same claims, signed right, are accepted (so the key read is the server's).
      const control = await balanceWith(await sign(right));
      expect(control.statusCode).toBe(200);
      expect(control.json().accounts.map((a: Account) => a.currencyCode)).toEqual(['USD', 'EUR', 'mBTC']);
      const forged: [string, string][] = [
        ['expired a second ago', await sign({ ...right, iat: now - 901, exp: now - 1 })],
        ['another issuer', await sign({ ...right, iss: 'someone-else' })],
        ['no issuer', await sign({ sub: session, iat: now, exp: now + 300 })],
        ['HS512 with the same key', await sign(right, 'HS512')],
        ['no sub', await sign({ iss: ISSUER, iat: now, exp: now + 300 })],
        ['a sub that is no session', await sign({ ...right, sub: '00000000-0000-4000-8000-000000000000' })],
        ['a sub that is SQL', await sign({ ...right, sub: "' OR 1=1 --" })],
      ];
      for (const [name, token] of forged) {
        const response = await balanceWith(token);
        expect([name, response.statusCode, response.json().error]).toEqual([name, 401, 'session_invalid']);
      }
    });
  });

  test('session fixation: a cookie planted before sign-in is replaced, and the planter gets no signed-in session from it', async () => {
    const user = DEMO_USERS[0];
    // The attacker picks a session id and plants it in the victim's browser.
    const planted = 'c0ffee00-1111-4222-8333-444455556666';
    const visitor = await server.app.inject({ url: GET_TOKEN, headers: { cookie: `promo_session=${planted}` } });
    expect(decodeJwt(visitor.json().token).sub).toBe(planted);
    const plantedToken = visitor.json().token;

    const signedIn = await fastLogin(server, user.login, user.password, {
      headers: { cookie: `promo_session=${planted}` },
    });
    expect(signedIn.statusCode).toBe(200);
    const issued = cookieValue(setCookieOf(signedIn.headers['set-cookie']));
    expect(issued).toMatch(/^[0-9a-f-]{36}$/);
    expect(issued).not.toBe(planted);

    // The victim's new cookie is signed in.
    const victim = await server.app.inject({ url: GET_TOKEN, headers: { cookie: `promo_session=${issued}` } });
    const victimUser = await server.app.inject({
      url: SESSION_USER,
      headers: { 'x-auth': `Bearer ${victim.json().token}` },
    });
    expect(victimUser.json()).toEqual({ user_id: signedIn.json().user_id });

    // The attacker, holding the planted id, is no one: its old token is dead, a new one is a visitor's.
    expect((await balanceWith(plantedToken)).statusCode).toBe(401);
    const attacker = await server.app.inject({ url: GET_TOKEN, headers: { cookie: `promo_session=${planted}` } });
    const attackerToken = attacker.json().token;
    expect(decodeJwt(attackerToken).sub).not.toBe(planted);
    expect(decodeJwt(attackerToken).sub).not.toBe(issued);
    expect(
      (await server.app.inject({ url: SESSION_USER, headers: { 'x-auth': `Bearer ${attackerToken}` } })).json(),
    ).toEqual({ user_id: null });
    expect((await balanceWith(attackerToken)).statusCode).toBe(403);
  });

  test('cookie flags: the signed-in session cookie is HttpOnly, Path=/, SameSite=Lax, 30 days, not Secure on the http demo', async () => {
    const user = DEMO_USERS[1];
    const response = await fastLogin(server, user.login, user.password);
    expect(response.statusCode).toBe(200);
    const attributes = cookieAttributes(setCookieOf(response.headers['set-cookie']));
    expect(attributes).toMatchObject({ httponly: '', path: '/', samesite: 'Lax', 'max-age': String(30 * 86_400) });
    expect(attributes).not.toHaveProperty('domain');
    expect(attributes).not.toHaveProperty('secure');
    // Signing out clears it with the same flags.
    const token = (
      await server.app.inject({
        url: GET_TOKEN,
        headers: { cookie: `promo_session=${cookieValue(setCookieOf(response.headers['set-cookie']))}` },
      })
    ).json().token;
    const out = await server.app.inject({
      method: 'POST',
      url: '/web-api/user/disconnect',
      headers: { ...XHR_HEADERS, 'x-auth': `Bearer ${token}` },
    });
    const cleared = setCookieOf(out.headers['set-cookie']);
    expect(cookieValue(cleared)).toBe('');
    expect(cookieAttributes(cleared)).toMatchObject({ httponly: '', path: '/', samesite: 'Lax' });
  });

  test('CSRF: every state-changing web API route but the beacons refuses a call without X-Requested-With, even with a valid token', async () => {
    const player = await signedInCaller(server, 3);
    const { db } = server.database;
    const entries = async () =>
      (await db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, player.userId)))[0]?.n;
    const before = { entries: await entries(), accounts: await accountsOf(player) };
    const routes = apiRoutes(server.app).filter(
      (route) => route.url.startsWith('/web-api/') && route.method !== 'GET' && !BEACON_PATHS.has(route.url),
    );
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const url = route.url.replace(':id', '137').replace(/:\w+/g, 'probe');
      for (const requestedWith of [undefined, 'fetch', 'xmlhttprequest']) {
        const response = await server.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            'x-auth': player.headers['x-auth'],
            'idempotency-key': 'probe-csrf-00000001',
            'content-type': 'text/plain',
            ...(requestedWith ? { 'x-requested-with': requestedWith } : {}),
          },
          payload: JSON.stringify({ id: before.accounts[0]?.id ?? 1 }),
        });
        expect([url, requestedWith, response.statusCode, response.json().error]).toEqual([
          url,
          requestedWith,
          403,
          'csrf_header_required',
        ]);
      }
    }
    expect(await entries()).toBe(before.entries);
    expect(await accountsOf(player)).toEqual(before.accounts);
  });

  test('CSRF: odd spellings of a path over a raw socket never reach setactiveaccount without the header', async () => {
    const player = await signedInCaller(server, 0);
    const before = await accountsOf(player);
    const eur = before.find((account) => account.currencyCode === 'EUR');
    expect(before.find((account) => account.active)?.currencyCode).toBe('USD');
    const headers = {
      'x-auth': player.headers['x-auth'] ?? '',
      'content-type': 'application/json',
    };
    const body = JSON.stringify({ id: eur?.id });
    const paths = [
      '/web-api/user/setactiveaccount',
      '/%77eb-api/user/setactiveaccount',
      '/%77%65%62-api/user/setactiveaccount',
      '/web-api/%75ser/setactiveaccount',
      '/web-api/user/%73etactiveaccount',
      '/web-api/user/setactiveaccount?x=1',
      '/web-api/user/setactiveaccount/',
      '/web-api/user/setactiveaccount;x',
      '/web-api/user/setactiveaccount%00',
      '/web-api/./user/setactiveaccount',
      '/web-api/x/../user/setactiveaccount',
      '/web-api/x/%2e%2e/user/setactiveaccount',
      '/promo-frame/../web-api/user/setactiveaccount',
      '/promo-frame/%2e%2e/web-api/user/setactiveaccount',
      '//web-api/user/setactiveaccount',
      '/web-api//user/setactiveaccount',
      '/web-api%2fuser%2fsetactiveaccount',
      '/WEB-API/user/setactiveaccount',
      '/web-api/user/SETACTIVEACCOUNT',
    ];
    const answers: [string, number][] = [];
    for (const rawPath of paths)
      answers.push([rawPath, (await raw(socket.port, 'POST', rawPath, headers, body)).status]);
    // The control: the same call with the header switches the account (and is switched back).
    const allowed = await raw(socket.port, 'POST', SET_ACTIVE, { ...headers, ...XHR_HEADERS }, body);
    expect(allowed.status).toBe(200);
    const usd = before.find((account) => account.currencyCode === 'USD');
    await player.call('POST', SET_ACTIVE, {}, { id: usd?.id ?? 0 });

    expect(answers.filter(([, status]) => status < 400 || status >= 500)).toEqual([]);
    expect(answers.filter(([, status]) => status === 403).length).toBeGreaterThanOrEqual(6);
    expect(await accountsOf(player)).toEqual(before);
  });

  describe('IDOR', () => {
    test("IDOR: another player's account ids are 404 not_found and change nothing of either player", async () => {
      const intruder = await signedInCaller(server, 1);
      const owner = await signedInCaller(server, 4);
      const ownerBefore = await accountsOf(owner);
      const intruderBefore = await accountsOf(intruder);
      expect(ownerBefore.map((account) => account.currencyCode)).toEqual(['USD', 'EUR']);
      const ownIds = new Set(intruderBefore.map((account) => account.id));
      for (const account of ownerBefore) {
        expect(ownIds.has(account.id)).toBe(false);
        const response = await intruder.call('POST', SET_ACTIVE, {}, { id: account.id });
        expect([account.currencyCode, response.statusCode, response.json().error]).toEqual([
          account.currencyCode,
          404,
          'not_found',
        ]);
      }
      expect(await accountsOf(owner)).toEqual(ownerBefore);
      expect(await accountsOf(intruder)).toEqual(intruderBefore);
      // The control: the owner can switch to the same id.
      const eur = ownerBefore.find((account) => account.currencyCode === 'EUR');
      const switched = await owner.call('POST', SET_ACTIVE, {}, { id: eur?.id ?? 0 });
      expect(switched.json().accounts.find((account: Account) => account.active).id).toBe(eur?.id);
      await owner.call('POST', SET_ACTIVE, {}, { id: ownerBefore[0]?.id ?? 0 });
    });

    test("IDOR: tickets, wheel spins and promo credits are the caller's own; another player's never show", async () => {
      const a = await signedInCaller(server, 1);
      const b = await signedInCaller(server, 4);
      const bought = await b.call(
        'POST',
        TICKETS,
        { 'idempotency-key': 'probe-idor-ticket-1' },
        { code: 'powerball', lines: [{ main: [1, 2, 3, 4, 5], bonus: [6] }], kind: 'default' },
      );
      expect(bought.statusCode).toBe(200);
      await b.call('POST', `${WHEEL}/confirm-participation`);
      const spun = await b.call('POST', `${WHEEL}/spin`, { 'idempotency-key': 'probe-idor-spin-01' }, {});
      expect(spun.statusCode).toBe(200);
      const lost: Settlement = {
        id: 'probe-idor-bet-1',
        playerId: b.userId,
        kind: 'bet',
        settledAt: new Date(Date.now() - 60_000).toISOString(),
        currency: 'USD',
        stake: '12.00',
        payout: '0',
        sportId: 1,
        betType: 'single',
        legs: 1,
        odds: '2.00',
      };
      const fed = await server.app.inject({
        method: 'POST',
        url: '/operator-api/v1/settlements',
        headers: { authorization: `Bearer ${DEMO_OPERATOR_KEY}` },
        payload: { items: [lost] },
      });
      expect(fed.statusCode).toBe(200);

      // B sees its own.
      const bTickets = (await b.call('GET', TICKETS)).json().tickets;
      expect(bTickets.map((ticket: { id: number }) => ticket.id)).toEqual([bought.json().id]);
      const bSpins = (await b.call('GET', `${WHEEL}/getHistoryWheel`)).json().spins;
      expect(bSpins).toHaveLength(1);
      const bCredits = (await b.call('GET', NO_RISK_CREDITS)).json();
      expect(bCredits).toMatchObject({ cover: 'refunded', items: [{ amount: '12', reason: 'cover' }] });

      // A sees none of it.
      expect((await a.call('GET', TICKETS)).json()).toEqual({ tickets: [] });
      expect((await a.call('GET', `${WHEEL}/getHistoryWheel`)).json()).toEqual({ spins: [] });
      expect((await a.call('GET', NO_RISK_CREDITS)).json()).toMatchObject({ cover: 'open', items: [] });
      // Nor does A's balance list any of B's accounts.
      const bIds = new Set((await accountsOf(b)).map((account) => account.id));
      expect(bIds.size).toBe(2);
      expect((await accountsOf(a)).filter((account) => bIds.has(account.id))).toEqual([]);
    });
  });

  describe('SQL injection', () => {
    const PAYLOADS = [
      "' OR 1=1 --",
      "' OR '1'='1",
      "' OR '1'='1' --",
      "' OR 1=1#",
      '" OR "1"="1',
      "' OR ''='",
      "' OR true --",
      "admin'--",
      "demo.player'--",
      "demo.player' --",
      "demo.player'/*",
      "') OR ('1'='1",
      '1)) OR ((1=1',
      "'; DROP TABLE users; --",
      '"; DROP TABLE "users"; --',
      "'; DELETE FROM users; --",
      "'; UPDATE users SET password_hash = 'x'; --",
      "'; TRUNCATE accounts CASCADE; --",
      '1; DROP TABLE sessions',
      "'; CREATE TABLE pwned(x int); --",
      "'; COPY users TO '/tmp/pwned'; --",
      '1 UNION SELECT NULL --',
      "' UNION SELECT id, login, password_hash FROM users --",
      "' UNION ALL SELECT NULL,NULL,NULL--",
      "-1' UNION SELECT current_user --",
      "1' ORDER BY 1--",
      "1' ORDER BY 100--",
      "'||(SELECT version())||'",
      "' AND 1=CAST((SELECT version()) AS int) --",
      "' OR EXISTS(SELECT * FROM users) --",
      "' OR 1=1 LIMIT 1 OFFSET 1 --",
      "' || pg_sleep(2) --",
      "'; SELECT pg_sleep(2); --",
      '1 AND pg_sleep(2) IS NULL',
      "' AND 1=(SELECT 1 FROM pg_sleep(2)) --",
      "1' AND (SELECT 1 FROM pg_sleep(2))=1 AND 'a'='a",
      "'; SET statement_timeout = 1; --",
      '%27',
      '%27%20OR%201%3D1--',
      '%2527',
      "\\'",
      "\\' OR 1=1 --",
      '\\',
      '$$',
      '$$; DROP TABLE users; $$',
      '$tag$ x $tag$',
      "E'\\x27 OR 1=1'",
      "U&'\\0027' OR 1=1 --",
      '＇ OR 1=1 --',
      "'",
      "''",
      '`',
      ';',
      'luckyday--',
    ];
    const demoLogins = DEMO_USERS.map((user) => user.login);
    const usersState = async () => {
      const { db } = server.database;
      const [all] = await db.select({ n: count() }).from(users);
      const demo = await db
        .select({ login: users.login, hash: users.passwordHash })
        .from(users)
        .where(inArray(users.login, demoLogins));
      return { users: all?.n, demo: demo.sort((x, y) => x.login.localeCompare(y.login)) };
    };
    let before: Awaited<ReturnType<typeof usersState>>;
    beforeAll(async () => {
      before = await usersState();
    });

    test('the control: pg_sleep runs in this database, so an injected one would show in the time', async () => {
      expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
      expect(before.demo.map((row) => row.login)).toEqual([...demoLogins].sort());
      const started = performance.now();
      await server.database.db.execute(sql`select pg_sleep(1.1)`);
      expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    });

    let address = 0;
    test.each([
      {
        place: 'the login of fastLogin',
        send: (payload: string) =>
          // An address per try: the back-off per address would answer 429 without reaching the query.
          fastLogin(server, payload, payload, { from: `198.18.${Math.floor(++address / 250)}.${address % 250}` }),
        expected: [[401, 'wrong_credentials']],
      },
      {
        place: 'the promotion key path',
        send: (payload: string) =>
          server.app.inject({ url: `/web-api/external-api/promotions/${encodeURIComponent(payload)}` }),
        expected: [
          [400, 'invalid_param'],
          [404, 'not_found'],
        ],
      },
      {
        place: 'the CMS slug query',
        send: (payload: string) =>
          server.app.inject({
            url: `/web-api/bonus-api/page?type=bonus&promotion_service_id=285&slug=${encodeURIComponent(payload)}`,
          }),
        // A payload the slug pattern lets through (luckyday--) is looked up: no such page.
        expected: [
          [400, 'invalid_param'],
          [404, 'not_found'],
        ],
      },
      {
        place: 'the lottery code path',
        send: (payload: string) =>
          server.app.inject({ url: `/web-api/api/v3/lotto/${encodeURIComponent(payload)}/draws` }),
        expected: [
          [400, 'invalid_param'],
          [404, 'not_found'],
        ],
      },
      {
        place: 'the lang query',
        send: (payload: string) =>
          server.app.inject({ url: `/web-api/external-api/promotions?lang=${encodeURIComponent(payload)}` }),
        expected: [[400, 'invalid_param']],
      },
    ])(
      'SQL injection: $place answers each payload with a 4xx, at once, and changes no user',
      async ({ send, expected }) => {
        const answers: [string, number, string][] = [];
        let slowest = 0;
        for (const payload of PAYLOADS) {
          const started = performance.now();
          const response = await send(payload);
          slowest = Math.max(slowest, performance.now() - started);
          answers.push([payload, response.statusCode, response.json().error]);
        }
        const allowed = new Set(expected.map(([status, code]) => `${status} ${code}`));
        expect(answers.filter(([, status, code]) => !allowed.has(`${status} ${code}`))).toEqual([]);
        // The payloads sleep 2 s; under 1.8 s leaves room for a loaded machine and none for a sleep.
        expect(slowest).toBeLessThan(1800);
        expect(await usersState()).toEqual(before);
        // The demo users still sign in: no password, no row was touched.
        const user = DEMO_USERS[2];
        const again = await fastLogin(server, user.login, user.password);
        expect(again.statusCode).toBe(200);
      },
    );
  });

  test('path traversal: no static route serves a file outside its folder, however the path is spelt', async () => {
    const probes = [
      '/promo-frame/../../etc/passwd',
      '/promo-frame/../../../../../../etc/passwd',
      '/promo-frame/%2e%2e/%2e%2e/etc/passwd',
      '/promo-frame/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/promo-frame/%2E%2E/package.json',
      '/promo-frame/../package.json',
      '/promo-frame/..%2fpackage.json',
      '/promo-frame/..%2f..%2fpackage.json',
      '/promo-frame/..%2f..%2fsecret.txt',
      '/promo-frame/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/promo-frame/..%252f..%252fsecret.txt',
      '/promo-frame/%252e%252e/%252e%252e/secret.txt',
      '/promo-frame/..\\..\\secret.txt',
      '/promo-frame/..%5c..%5csecret.txt',
      '/promo-frame/assets/../../package.json',
      '/promo-frame/assets/..%2f..%2f..%2fsecret.txt',
      '/promo-frame/....//....//secret.txt',
      '/promo-frame/%c0%ae%c0%ae/%c0%ae%c0%ae/secret.txt',
      '/promo-frame/..%c0%af..%c0%afsecret.txt',
      '/promo-frame/..%00/secret.txt',
      '/promo-frame//etc/passwd',
      '/promo-frame/%2fetc%2fpasswd',
      '/promo-frame/assets/%2fetc%2fpasswd',
      '/host-sdk/../package.json',
      '/host-sdk/..%2fpackage.json',
      '/host-sdk/..%2f..%2fpackage.json',
      '/host-sdk/%2e%2e/package.json',
      '/host-sdk/..%252fpackage.json',
      '/host-sdk/..\\package.json',
      '/host-sdk/..%5c..%5csecret.txt',
      '/host-sdk/%2fetc%2fpasswd',
      '/demo-host/..%252f..%252fserver/src/settings.ts',
      '/demo-host/..%252f..%252fsrc/settings.ts',
      '/demo-host/..%2f..%2fsrc/settings.ts',
      '/demo-host/../../src/settings.ts',
      '/demo-host/%2e%2e/%2e%2e/src/settings.ts',
      '/demo-host/..\\..\\src\\settings.ts',
      '/demo-host/..%5c..%5csrc%5csettings.ts',
      '/demo-host/..%2f..%2fpackage.json',
      '/genfiles/..%2f..%2fsrc/settings.ts',
      '/genfiles/../../package.json',
      '/genfiles/%2e%2e/%2e%2e/package.json',
      '/fingerprint/..%2f..%2fsrc/settings.ts',
      '/fingerprint/%2e%2e/%2e%2e/package.json',
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
    ];
    const answers: { path: string; status: number; leaked: string[]; page: boolean }[] = [];
    for (const probe of probes) {
      const response = await raw(socket.port, 'GET', probe);
      answers.push({
        path: probe,
        status: response.status,
        leaked: OUTSIDE.filter((text) => response.body.includes(text)),
        page: response.body.includes('<div id="root"></div>'),
      });
    }
    expect(answers.filter((answer) => answer.leaked.length > 0)).toEqual([]);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    // A 200 is only ever the frame's own page (the SPA fallback), never a file.
    expect(answers.filter((answer) => answer.status === 200 && !answer.page)).toEqual([]);

    // The controls: files inside the served folders come back whole over the same socket, and
    // the secret is on the disk where the probes aimed.
    expect(await raw(socket.port, 'GET', '/promo-frame/assets/index-probe.js')).toEqual({ status: 200, body: INSIDE });
    expect(await raw(socket.port, 'GET', '/host-sdk/promo-host-sdk.js')).toEqual({ status: 200, body: INSIDE });
    expect((await raw(socket.port, 'GET', '/demo-host/')).status).toBe(200);
  });

  test("strict CSP: the frame page allows only itself, its inline script's hash and the configured hosts", async () => {
    const response = await server.app.inject({ url: '/promo-frame/en/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    const header = String(response.headers['content-security-policy'] ?? '');
    const directives = new Map(
      header
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name = '', ...sources]) => [name, sources]),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'", 'https://host.example']);
    const scripts = directives.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain('*');
    expect(scripts).not.toContain('data:');
    // The page's one inline script runs by its hash, and nothing else inline does.
    expect(scripts.slice(1)).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
    expect(directives.get('style-src')).not.toContain("'unsafe-inline'");
    // Style attributes of server-rendered markup only (decision 022): no <style> element, no script.
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(header.replace("style-src-attr 'unsafe-inline'", '')).not.toMatch(
      /unsafe-(inline|eval|hashes)|wasm-unsafe-eval/,
    );
    // The 404 page of the frame carries the same policy.
    const missing = await server.app.inject({ url: '/promo-frame/en/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(header);
  });
});

describe('cookie flags in production', () => {
  const server = useTestServer(undefined, { production: true });

  test('cookie flags: in production the session cookie is Secure as well, from gettoken and from sign-in', async () => {
    const visitor = setCookieOf((await server.app.inject({ url: GET_TOKEN })).headers['set-cookie']);
    const user = DEMO_USERS[0];
    const signedIn = await fastLogin(server, user.login, user.password);
    expect(signedIn.statusCode).toBe(200);
    for (const line of [visitor, setCookieOf(signedIn.headers['set-cookie'])]) {
      expect(line).toMatch(/^__Host-promo_session=/);
      expect(cookieAttributes(line)).toMatchObject({ httponly: '', path: '/', samesite: 'Lax', secure: '' });
    }
  });
});
