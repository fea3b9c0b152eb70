import { AUTH_ENDPOINTS, CONSOLE_ENDPOINTS, PROMOTION_ENDPOINTS, serverRoute, siteConfigUrl } from '@promo/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { FREE_FAILURES } from './domain/login-throttle.ts';
import { DEMO_USERS } from './seed/demo-users.ts';
import { DEFAULT_RATE_LIMITS, DEMO_OPERATOR_KEY } from './settings.ts';
import {
  databaseTargets,
  fastLogin,
  signedInCaller,
  staffSignIn,
  type TestServer,
  useTwoServers,
  XHR_HEADERS,
} from './testing.ts';

// daily-tournament: any bet of $1 or more at odds of 1.50 or more moves its table.
const DAILY = 104;
const KEY = 'api_error_not_found';
/** gettoken calls per address and minute, on both servers together when they count in the database. */
const TOKEN_LIMIT = 20;

/**
 * Two servers on one database, as two processes behind a load balancer would be: each its own
 * app (its own caches, throttle, live streams and, on PostgreSQL, its own connections).
 */
describe.each(databaseTargets)('two servers on one $name database behave as one', ({ databaseUrl }) => {
  const servers = useTwoServers(databaseUrl, {
    rateLimits: { ...DEFAULT_RATE_LIMITS, token: TOKEN_LIMIT, signIn: 0 },
  });
  const [a, b] = servers;

  test('a dictionary change reaches the cached config of both', async () => {
    const text = async (server: TestServer) =>
      (await server.app.inject({ url: siteConfigUrl('en') })).json().dictionary[KEY] as string;
    const before = await text(a);
    expect(await text(b)).toBe(before);
    const update = (value: string) =>
      a.database.db.execute(
        sql`update dictionary_entries set value = ${value} where lang_code = 'en' and key = ${KEY}`,
      );
    await update('Changed through the first server.');
    try {
      for (const server of servers) {
        await vi.waitFor(async () => expect(await text(server)).toBe('Changed through the first server.'));
      }
    } finally {
      await update(before);
    }
  });

  test('a promotion published through one is on the index and page of both within a second; unpublished, on neither', async () => {
    const publisher = await staffSignIn(a, 'publisher');
    const headers = { ...XHR_HEADERS, cookie: publisher.cookie };
    const slug = 'cluster-summer-bet';
    const source = await a.app.inject({ url: `${serverRoute(CONSOLE_ENDPOINTS.draftStart)}?from=spin-wheel`, headers });
    const draft = { ...source.json(), slug, schedule: { starts: '-1d', ends: '+7d' } };
    const write = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      a.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect((await write('POST', serverRoute(CONSOLE_ENDPOINTS.create), draft)).statusCode).toBe(201);
    const publication = serverRoute(CONSOLE_ENDPOINTS.publish).replace(':slug', slug);
    const listed = async (server: TestServer) =>
      (await server.app.inject({ url: `${serverRoute(PROMOTION_ENDPOINTS.index)}?lang=en&currency=USD` }))
        .json()
        .promotions.some((card: { slug: string }) => card.slug === slug);
    const page = async (server: TestServer) =>
      (await server.app.inject({ url: `${serverRoute(PROMOTION_ENDPOINTS.promotion).replace(':key', slug)}?lang=en` }))
        .statusCode;
    // Both have answered before: a cache of either would hold the answers without it.
    for (const server of servers) expect([await listed(server), await page(server)]).toEqual([false, 404]);
    expect((await write('POST', publication, { version: 1 })).statusCode).toBe(200);
    for (const server of servers) {
      await vi.waitFor(async () => expect([await listed(server), await page(server)]).toEqual([true, 200]), {
        timeout: 1000,
      });
    }
    expect((await write('DELETE', publication)).statusCode).toBe(200);
    for (const server of servers) {
      await vi.waitFor(async () => expect([await listed(server), await page(server)]).toEqual([false, 404]), {
        timeout: 1000,
      });
    }
  });

  test('a session started on one is signed in on the other', async () => {
    const me = await signedInCaller(a, 0);
    const onB = await b.app.inject({ url: serverRoute(AUTH_ENDPOINTS.sessionUser), headers: me.headers });
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toMatchObject({ user_id: me.userId });
  });

  test('password guesses count on both: a guesser spread over the two meets one limit', async () => {
    const { login } = DEMO_USERS[3];
    const from = '203.0.113.77';
    for (let attempt = 0; attempt < FREE_FAILURES; attempt += 1) {
      const server = servers[attempt % 2] as TestServer;
      expect((await fastLogin(server, login, `wrong-${attempt}`, { from })).statusCode).toBe(401);
    }
    for (const server of servers) {
      await vi.waitFor(async () => {
        const refused = await fastLogin(server, login, 'wrong-again', { from });
        expect([refused.statusCode, refused.json().error]).toEqual([429, 'too_many_sign_ins']);
      });
    }
  });

  test('a standings change posted to one wakes the live streams held by the other', async () => {
    const address = await b.app.listen({ host: '127.0.0.1', port: 0 });
    const me = await signedInCaller(a, 2);
    const join = await me.call('POST', `/web-api/participatetournament/${DAILY}`, {
      'idempotency-key': 'cluster-join-000001',
    });
    expect(join.statusCode).toBe(200);
    const controller = new AbortController();
    const response = await fetch(`${address}/web-api/tournament/${DAILY}/live`, { signal: controller.signal });
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const versionsSeen = async (count: number) => {
      while ((text.match(/event: standings/g) ?? []).length < count) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) throw new Error('stream ended');
        text += chunk.value;
      }
      return [...text.matchAll(/"version":(\d+)/g)].map((match) => Number(match[1]));
    };
    try {
      expect(await versionsSeen(1)).toEqual([0]);
      const posted = await a.app.inject({
        method: 'POST',
        url: '/operator-api/v1/settlements',
        headers: { authorization: `Bearer ${DEMO_OPERATOR_KEY}`, 'idempotency-key': 'cluster-settle-0001' },
        payload: {
          items: [
            {
              id: `cluster-bet-${Date.now()}`,
              playerId: me.userId,
              kind: 'bet',
              settledAt: new Date().toISOString(),
              currency: 'USD',
              stake: '10.00',
              payout: '20.00',
              sportId: 1,
              betType: 'single',
              legs: 1,
              odds: '2.00',
            },
          ],
        },
      });
      expect(posted.statusCode).toBe(200);
      expect(await versionsSeen(2)).toEqual([0, 1]);
    } finally {
      controller.abort();
    }
  });

  test('one Idempotency-Key sent to both at once applies once', async () => {
    const me = await signedInCaller(a, 1);
    // The same player's token, sent to one server or the other.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (servers[i % 2] as TestServer).app.inject({
          method: 'POST',
          url: `/web-api/participatetournament/${DAILY}`,
          headers: { ...me.headers, 'idempotency-key': 'cluster-join-000002' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // The first answer as sent, the replays as stored (jsonb orders the keys its own way).
    for (const answer of answers) expect(answer.json()).toEqual(answers[0]?.json());
    const rows = (
      await a.database.db.execute(
        sql`select user_id, scope, status_code from idempotency_keys where key = 'cluster-join-000002'`,
      )
    ).rows;
    expect(rows).toEqual([{ user_id: me.userId, scope: expect.any(String), status_code: 200 }]);
  });

  test.runIf(databaseUrl)('rate limits count on both (PostgreSQL: counted in the database)', async () => {
    const from = '198.51.100.23';
    const statuses: number[] = [];
    for (let call = 0; call < TOKEN_LIMIT + 2; call += 1) {
      const server = servers[call % 2] as TestServer;
      statuses.push(
        (await server.app.inject({ url: '/web-api/user/gettoken', remoteAddress: from, headers: XHR_HEADERS }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array(TOKEN_LIMIT).fill(200), 429, 429]);
  });
});
