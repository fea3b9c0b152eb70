import { OPERATOR_API_BASE, routeName, type Settlement, tableEntries } from '@promo/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { promoCredits, settlements } from '../db/schema.ts';
import { demoUser } from '../seed/demo-players.ts';
import { DEMO_OPERATOR_KEY } from '../settings.ts';
import { newPlayer, type TestServer, useTestServer } from '../testing.ts';

const URL = '/operator-api/v1/settlements';
const AUTH = { authorization: `Bearer ${DEMO_OPERATOR_KEY}` };
const KEY = 'idempotency-key';
// daily-tournament: long-term, any bet of $1 or more at odds of 1.50 or more.
const DAILY = 104;
// crash-tournament: crash-game rounds of $0.50 or more.
const CRASH = 135;
// no-risk-bet: the first single at 1.80 or more, $5 or more; up to $25 back.
const NO_RISK = 114;
// hot-streak: singles at 1.60 or more; 3, 5, 7 and 10 wins in a row pay.
const HOT_STREAK = 147;
// double-chance: accumulators of 5+ selections at 1.30+ each; one lost selection: stake back up to $50.
const DOUBLE_CHANCE = 169;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/** After a join made a moment ago. */
const justNow = () => new Date().toISOString();
let serial = 0;
const nextId = (prefix: string) => {
  serial += 1;
  return `${prefix}-${serial}`;
};
const bet = (playerId: number, fields: Partial<Extract<Settlement, { kind: 'bet' }>> = {}): Settlement => ({
  id: nextId('test-bet'),
  playerId,
  kind: 'bet',
  settledAt: minutesAgo(1),
  currency: 'USD',
  stake: '10.00',
  payout: '0',
  sportId: 1,
  betType: 'single',
  legs: 1,
  odds: '2.00',
  ...fields,
});
const round = (playerId: number, fields: Partial<Extract<Settlement, { kind: 'round' }>> = {}): Settlement => ({
  id: nextId('test-round'),
  playerId,
  kind: 'round',
  settledAt: minutesAgo(1),
  currency: 'USD',
  stake: '2.00',
  payout: '7.00',
  game: 'rocket-crash',
  category: 'crash',
  ...fields,
});

const post = (server: TestServer, items: unknown, headers: Record<string, string> = AUTH) =>
  server.app.inject({ method: 'POST', url: URL, headers, payload: { items } });
const stored = async (server: TestServer) =>
  (await server.database.db.select({ n: count() }).from(settlements))[0]?.n ?? 0;

describe('operator feed of settled bets and rounds', () => {
  const server = useTestServer(undefined);

  test('only the operator key may post, compared exactly', async () => {
    const before = await stored(server);
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${DEMO_OPERATOR_KEY}x` },
    ]) {
      const answer = await post(server, [bet(1)], headers);
      expect([answer.statusCode, answer.json().error]).toEqual([401, 'operator_key']);
    }
    expect(await stored(server)).toBe(before);
  });

  test('a joined player’s qualifying bet earns stake x odds once; a replay and ten concurrent posts add nothing', async () => {
    const me = await newPlayer(server, { like: 2 });
    expect(
      (await me.call('POST', `/web-api/participatetournament/${DAILY}`, { [KEY]: 'join-feed-000001' })).statusCode,
    ).toBe(200);
    // demo.spinner bets in euros: 20 EUR at 2.50 is 50 EUR of stake x odds, 54.35 in dollar points.
    const item = bet(me.userId, {
      currency: 'EUR',
      stake: '20.00',
      odds: '2.50',
      payout: '50.00',
      settledAt: justNow(),
    });
    const first = await post(server, [item]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(first.json().promotions).toContain(DAILY);
    const standing = async () => (await me.call('GET', `/web-api/tournamentusersresult/${DAILY}`)).json();
    expect(await standing()).toMatchObject({ participating: true, points: '54.35', tickets: 1 });

    expect((await post(server, [item])).json()).toMatchObject({ accepted: 0, duplicates: 1, promotions: [] });
    const again = bet(me.userId, { currency: 'EUR', stake: '4.60', odds: '2.00', payout: '0', settledAt: justNow() });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(server, [again])));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.reduce((sum, answer) => sum + answer.json().accepted, 0)).toBe(1);
    // 4.60 EUR x 2.00 = 9.20 EUR = 10.00 dollar points.
    expect(await standing()).toMatchObject({ points: '64.35', tickets: 2 });
    // A bet cashed out at less than its stake, or void, risked nothing to earn points with.
    await post(server, [bet(me.userId, { stake: '100.00', odds: '50.00', payout: '95.00', settledAt: justNow() })]);
    await post(server, [bet(me.userId, { stake: '100.00', odds: '3.00', payout: '100.00', settledAt: justNow() })]);
    expect(await standing()).toMatchObject({ points: '64.35', tickets: 2 });
  });

  test('what does not qualify earns nothing: odds, stake, a bet before joining, another tournament’s game', async () => {
    const me = await newPlayer(server, { like: 3 });
    const earlier = bet(me.userId, { settledAt: minutesAgo(30) });
    // demo.uk may not take part (GB), so demo.arabic joins.
    const arabic = await newPlayer(server, { like: 1 });
    const before = bet(arabic.userId, { settledAt: minutesAgo(30) });
    expect(
      (await arabic.call('POST', `/web-api/participatetournament/${DAILY}`, { [KEY]: 'join-feed-000002' })).statusCode,
    ).toBe(200);
    const items = [
      earlier,
      before,
      bet(arabic.userId, { odds: '1.49' }),
      bet(arabic.userId, { stake: '0.99' }),
      round(arabic.userId),
    ];
    const receipt = (await post(server, items)).json();
    expect(receipt.accepted).toBe(5);
    expect(receipt.promotions).not.toContain(DAILY);
    expect((await arabic.call('GET', `/web-api/tournamentusersresult/${DAILY}`)).json()).toMatchObject({
      participating: true,
      points: '0.00',
      tickets: 0,
    });
  });

  test('crash tournaments rank by cash-out: a crashed round and a slot round earn nothing', async () => {
    const me = await newPlayer(server, { like: 1 });
    expect(
      (await me.call('POST', `/web-api/participatetournament/${CRASH}`, { [KEY]: 'join-feed-000003' })).statusCode,
    ).toBe(200);
    const items = [
      round(me.userId, { stake: '2.00', payout: '7.30', settledAt: justNow() }),
      round(me.userId, { stake: '5.00', payout: '0', settledAt: justNow() }),
      round(me.userId, { game: 'book-of-sun', category: 'slots', payout: '40.00', settledAt: justNow() }),
      round(me.userId, { stake: '0.40', payout: '4.00', settledAt: justNow() }),
    ];
    expect((await post(server, items)).json().promotions).toEqual([CRASH]);
    expect((await me.call('GET', `/web-api/tournamentusersresult/${CRASH}`)).json()).toMatchObject({
      points: '7.30',
      tickets: 1,
    });
  });

  test('the risk-free bet: the first qualifying single is covered once; lost, its stake comes back up to the maximum', async () => {
    const me = await newPlayer(server, { like: 4 });
    const credits = () =>
      server.database.db
        .select({
          occasion: promoCredits.occasion,
          amount: promoCredits.amount,
          currencyCode: promoCredits.currencyCode,
        })
        .from(promoCredits)
        .where(and(eq(promoCredits.promotionId, NO_RISK), eq(promoCredits.userId, me.userId)));
    // Odds too low: not the covered bet; a void single leaves the cover for the next.
    await post(server, [bet(me.userId, { odds: '1.70', stake: '30.00' })]);
    await post(server, [bet(me.userId, { odds: '2.50', stake: '30.00', payout: '30.00', settledAt: minutesAgo(3) })]);
    expect(await credits()).toEqual([]);
    await post(server, [
      bet(me.userId, { odds: '1.90', stake: '30.00', settledAt: minutesAgo(2) }),
      bet(me.userId, { odds: '3.00', stake: '8.00' }),
    ]);
    expect(await credits()).toEqual([{ occasion: 'first-single', amount: '25.00000000', currencyCode: 'USD' }]);
  });

  test('a streak ladder pays each step once; a loss starts it again; a void bet changes nothing', async () => {
    const me = await newPlayer(server, { like: 3 });
    const won = (n: number) => bet(me.userId, { odds: '1.80', payout: '18.00', settledAt: minutesAgo(60 - n) });
    const series = async () =>
      (await me.call('GET', `/web-api/api/web/promotions/${HOT_STREAK}/betseries/table`)).json().progress;
    await post(server, [won(1), won(2), won(3)]);
    expect(await series()).toEqual({ current: 3, best: 3 });
    await post(server, [bet(me.userId, { odds: '1.80', payout: '10.00', settledAt: minutesAgo(56) })]);
    expect(await series()).toEqual({ current: 3, best: 3 });
    await post(server, [bet(me.userId, { odds: '1.80', settledAt: minutesAgo(55) }), won(6), won(7), won(8)]);
    expect(await series()).toEqual({ current: 3, best: 3 });
    const steps = await server.database.db
      .select({ occasion: promoCredits.occasion, amount: promoCredits.amount })
      .from(promoCredits)
      .where(and(eq(promoCredits.promotionId, HOT_STREAK), eq(promoCredits.userId, me.userId)));
    expect(steps).toEqual([{ occasion: 'step:3', amount: '5.00000000' }]);
  });

  test('a cash step lands on the account the player holds, whatever the bet’s currency', async () => {
    // demo.wallet holds USD (active) and EUR; hot-streak's step 10 pays $200 cash.
    const me = await newPlayer(server, { like: 4 });
    const balance = async () =>
      (await me.call('POST', '/web-api/user/balance')).json().accounts.find((a: { active: boolean }) => a.active)
        ?.amount;
    const before = Number(await balance());
    const wins = Array.from({ length: 10 }, (_, n) =>
      bet(me.userId, {
        currency: 'RUB',
        stake: '900.00',
        odds: '1.80',
        payout: '1620.00',
        settledAt: minutesAgo(40 - n),
      }),
    );
    await post(server, wins);
    expect(Number(await balance())).toBeCloseTo(before + 200, 2);
  });

  test('double chance: an accumulator lost by one selection returns its stake, once a day', async () => {
    const me = await newPlayer(server, { like: 1 });
    const acca = (fields: Partial<Extract<Settlement, { kind: 'bet' }>>) =>
      bet(me.userId, { betType: 'accumulator', legs: 5, odds: '8.00', minLegOdds: '1.35', lostLegs: 1, ...fields });
    await post(server, [acca({ lostLegs: 2 }), acca({ legs: 4 }), acca({ minLegOdds: '1.20' })]);
    await post(server, [acca({ stake: '60.00' }), acca({ stake: '3.00' })]);
    const refunds = await server.database.db
      .select({ amount: promoCredits.amount })
      .from(promoCredits)
      .where(and(eq(promoCredits.promotionId, DOUBLE_CHANCE), eq(promoCredits.userId, me.userId)));
    expect(refunds).toEqual([{ amount: '50.00000000' }]);
  });

  test.each([
    ['no items', {}, 'invalid_body'],
    ['an empty batch', { items: [] }, 'invalid_body'],
    ['101 items', { items: Array.from({ length: 101 }, () => bet(1)) }, 'invalid_body'],
    ['a stake in exponent form', { items: [bet(1, { stake: '1e3' })] }, 'invalid_body'],
    ['a negative payout', { items: [bet(1, { payout: '-1' })] }, 'invalid_body'],
    ['a date without offset', { items: [bet(1, { settledAt: '2026-01-01T10:00:00' })] }, 'invalid_body'],
    ['an unknown kind', { items: [{ ...bet(1), kind: 'spin' }] }, 'invalid_body'],
    ['a round without a game', { items: [{ ...round(1), game: undefined }] }, 'invalid_body'],
    ['an id twice', { items: [bet(1, { id: 'same' }), bet(1, { id: 'same' })] }, 'duplicate_id'],
  ])('%s is a 400 (%s) and stores nothing', async (_name, body, code) => {
    const before = await stored(server);
    const answer = await server.app.inject({ method: 'POST', url: URL, headers: AUTH, payload: body });
    expect([answer.statusCode, answer.json().error]).toEqual([400, code]);
    expect(typeof answer.json().message).toBe('string');
    expect(await stored(server)).toBe(before);
  });

  test('an unknown player or currency, or a settlement in the future, refuses the whole batch (422) and stores nothing', async () => {
    const before = await stored(server);
    const good = bet(1);
    const unknown = await post(server, [good, bet(999_999)]);
    expect([unknown.statusCode, unknown.json().error]).toEqual([422, 'unknown_player']);
    const currency = await post(server, [good, bet(1, { currency: 'XYZ' })]);
    expect([currency.statusCode, currency.json().error]).toEqual([422, 'unknown_currency']);
    const future = await post(server, [good, bet(1, { settledAt: new Date(Date.now() + 3600_000).toISOString() })]);
    expect([future.statusCode, future.json().error]).toEqual([422, 'settled_in_future']);
    expect(await stored(server)).toBe(before);
    expect((await post(server, [good])).json().accepted).toBe(1);
  });

  test("the server's page renders are counted for the operator: rendered, and sent to the browser by reason", async () => {
    const url = '/operator-api/v1/server/renders';
    expect((await server.app.inject({ url })).statusCode).toBe(401);
    const answer = await server.app.inject({ url, headers: AUTH });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({
      rendered: expect.any(Number),
      shell: { queue_full: 0, time_limit: 0, failed: 0 },
      waiting: 0,
      running: 0,
      limits: { queueMax: 8, timeLimitMs: 1000, concurrency: 4 },
      // No page was asked of this server: nothing kept (page-cache.test.ts keeps pages).
      pageCache: {
        live: true,
        entries: 0,
        bytes: 0,
        limits: { enabled: true, maxEntries: 2000, maxBytes: 64 * 1024 * 1024, maxAgeMs: 30_000 },
        hits: 0,
        renders: 0,
        joined: 0,
        notKept: 0,
        invalidations: expect.any(Number),
        dropped: 0,
        keysRendered: 0,
        maxRendersPerKey: 0,
        rendersByKey: [],
      },
    });
  });

  test('the OpenAPI document is made from the endpoint table: every operator path, its schemas and refusals', async () => {
    const doc = (await server.app.inject({ url: '/operator-api/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    // Every operator entry of the table, the console's too, each method with the roles that may call it.
    const operatorEntries = tableEntries().filter((entry) => entry.base === OPERATOR_API_BASE);
    for (const entry of operatorEntries) {
      const operation = doc.paths[entry.path.replace(/:(\w+)/g, '{$1}')]?.[entry.method.toLowerCase()];
      expect(operation?.summary, routeName(entry)).toBe(entry.summary);
      expect(operation['x-roles'], routeName(entry)).toEqual(entry.roles);
    }
    expect(Object.keys(doc.paths)).toHaveLength(new Set(operatorEntries.map((entry) => entry.path)).size);
    expect(
      doc.paths['/promotions'].get.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`),
    ).toContain('query state');
    expect(Object.keys(doc.paths['/players'].post.responses)).toEqual([
      '201',
      '400',
      '401',
      '403',
      '409',
      '422',
      '503',
    ]);
    const identity = doc.paths['/players/{id}/identity'].put;
    expect(identity.requestBody.content['application/json'].schema).toMatchObject({
      properties: { verified: { type: 'boolean' } },
    });
    expect(identity.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string' }) },
    ]);
    expect(Object.keys(doc.paths['/settlements'].post.responses)).toEqual(['200', '400', '401', '403', '422', '503']);
    const batch = doc.paths['/settlements'].post.requestBody.content['application/json'].schema;
    expect(batch.properties.items.maxItems).toBe(100);
    expect(JSON.stringify(batch)).toContain('"bet"');
    expect(JSON.stringify(batch)).toContain('"round"');
    const validation = await new Validator().validate(doc);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    // The document itself needs no key; everything else does.
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);
    expect(doc.paths['/ledger/check'].get.security).toBeUndefined();
  });
});

describe('operator: creating players', () => {
  const server = useTestServer(undefined);
  const PLAYERS = '/operator-api/v1/players';
  const create = (body: unknown, headers: Record<string, string> = AUTH) =>
    server.app.inject({ method: 'POST', url: PLAYERS, headers, payload: body as object });
  const player = {
    login: 'qa.euro',
    password: 'Quality-2026!',
    // demo.spinner's country.
    countryCode: demoUser('demo.spinner').countryCode,
    countryId: demoUser('demo.spinner').countryId,
    accounts: [
      { currencyCode: 'EUR', amount: '250.00', active: true },
      { currencyCode: 'USD', amount: '10.50', active: false },
    ],
    appToken: 'qa-euro-app-token-0001',
  };

  test('a new player signs in with its login and app token and holds its opening balances, each in the ledger', async () => {
    const created = await create(player);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ playerId: expect.any(Number), login: 'qa.euro' });
    const login = await server.app.inject({
      method: 'POST',
      url: '/web-api/external-api/fastLogin',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { login: 'qa.euro', pass: 'Quality-2026!' },
    });
    expect(login.json().user_id).toBe(created.json().playerId);
    const app = await server.app.inject({
      method: 'POST',
      url: '/web-api/api/mobile/v1/token/auth',
      headers: { 'x-requested-with': 'XMLHttpRequest', authorization: 'Bearer qa-euro-app-token-0001' },
    });
    expect([app.statusCode, app.json().user_id]).toEqual([200, created.json().playerId]);
    const check = (await server.app.inject({ url: '/operator-api/v1/ledger/check', headers: AUTH })).json();
    expect(check.mismatches).toEqual([]);
  });

  test('a taken login or app token, an unknown currency or a bad body is refused and writes nothing', async () => {
    await create({ ...player, login: 'qa.first', appToken: 'qa-first-app-token-01' });
    const taken = await create({ ...player, login: 'qa.first', appToken: 'qa-other-app-token-01' });
    expect([taken.statusCode, taken.json().error]).toEqual([409, 'login_taken']);
    const token = await create({ ...player, login: 'qa.second', appToken: 'qa-first-app-token-01' });
    expect([token.statusCode, token.json().error]).toEqual([409, 'login_taken']);
    const currency = await create({
      ...player,
      login: 'qa.third',
      accounts: [{ currencyCode: 'XXX', amount: '1', active: true }],
    });
    expect([currency.statusCode, currency.json().error]).toEqual([422, 'unknown_currency']);
    const twoActive = await create({
      ...player,
      login: 'qa.fourth',
      accounts: player.accounts.map((account) => ({ ...account, active: true })),
    });
    expect([twoActive.statusCode, twoActive.json().error]).toEqual([400, 'invalid_body']);
    expect((await create({ ...player, login: 'qa.fifth' }, {})).statusCode).toBe(401);
    // None of the refused ones exists: their logins do not sign in.
    for (const login of ['qa.second', 'qa.third', 'qa.fourth', 'qa.fifth']) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/web-api/external-api/fastLogin',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        payload: { login, pass: 'Quality-2026!' },
      });
      expect(answer.statusCode, login).toBe(401);
    }
  });
});

describe('operator feed without a key', () => {
  const server = useTestServer(undefined, { operatorKey: undefined });

  test('is off: 503 feed_disabled, whatever key is sent', async () => {
    const answer = await post(server, [bet(1)]);
    expect([answer.statusCode, answer.json().error]).toEqual([503, 'feed_disabled']);
  });
});

describe('live standings (server-sent events)', () => {
  const server = useTestServer(undefined);

  test('a stream says the current version on connect and a new one when a posted bet moves the table', async () => {
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const me = await newPlayer(server, { like: 2 });
    expect(
      (await me.call('POST', `/web-api/participatetournament/${DAILY}`, { [KEY]: 'join-live-000001' })).statusCode,
    ).toBe(200);
    const response = await fetch(`${address}/web-api/tournament/${DAILY}/live`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const nextEvent = async () => {
      while (!/event: standings\ndata: [^\n]*\n\n/.test(text)) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) throw new Error('stream ended');
        text += chunk.value;
      }
      const match = /id: (\d+)\nevent: standings\ndata: ([^\n]*)\n\n/.exec(text);
      text = text.slice((match?.index ?? 0) + (match?.[0].length ?? 0));
      return { id: match?.[1], data: JSON.parse(match?.[2] ?? '{}') };
    };
    const first = await nextEvent();
    expect(first).toEqual({ id: '0', data: { tournamentId: DAILY, boot: expect.any(String), version: 0 } });
    // A bet that moves another tournament only does not wake this one.
    await post(server, [round(me.userId, { settledAt: justNow() })]);
    await post(server, [bet(me.userId, { settledAt: justNow(), payout: '20.00' })]);
    expect(await nextEvent()).toEqual({ id: '1', data: { tournamentId: DAILY, boot: first.data.boot, version: 1 } });
    // The stream stays open: closing the server (afterAll) must end it, not wait for it.
    expect((await server.app.inject({ url: '/web-api/tournament/137/live' })).statusCode).toBe(404);
  });
});

describe('live standings streams are capped per address and in all', () => {
  const server = useTestServer(undefined, { liveStreams: { perAddress: 2, max: 3 } });

  test('past 2 from one address or 3 in all: 429 too_many_streams, translated, with Retry-After; a closed stream frees its place', async () => {
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    // Open streams with their answers: an answer nobody holds may be collected, and undici then
    // closes its connection, which frees the place the test counts on (seen on a loaded runner).
    const open = new Map<AbortController, Response>();
    // The loopback proxy names the client (TRUST_PROXY): three players behind it, A, B and C.
    const connect = async (client: string) => {
      const stop = new AbortController();
      const response = await fetch(`${address}/web-api/tournament/${DAILY}/live`, {
        headers: { 'x-forwarded-for': client, 'accept-language': 'ar' },
        signal: stop.signal,
      });
      if (response.status === 200) open.set(stop, response);
      return {
        response,
        close: () => {
          stop.abort();
          open.delete(stop);
        },
      };
    };
    try {
      const a1 = await connect('198.51.100.1');
      // Every answer's headers, the stream's too.
      expect(a1.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(a1.response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(a1.response.headers.get('x-request-id')).toMatch(/^[\w.-]+$/);
      expect((await connect('198.51.100.1')).response.status).toBe(200);
      const third = (await connect('198.51.100.1')).response;
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('30');
      const body = (await third.json()) as { error: string; message: string };
      expect(body.error).toBe('too_many_streams');
      expect(body.message).toMatch(/[\u0600-\u06ff]/);
      // Another address still gets one: the third of the server's three.
      expect((await connect('198.51.100.2')).response.status).toBe(200);
      expect((await connect('198.51.100.3')).response.status).toBe(429);
      // A's first stream closes: its place is free again, for anyone.
      a1.close();
      await expect.poll(async () => (await connect('198.51.100.3')).response.status, { timeout: 5000 }).toBe(200);
    } finally {
      for (const stop of open.keys()) stop.abort();
    }
  });
});
