import {
  type SpinResult,
  spinResultSchema,
  verifySpin,
  WHEEL_SEGMENTS,
  wheelMessage,
  wheelOutcome,
} from '@promo/contract';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, test, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { idempotencyKeys, promotions, sessions, wheelParticipants } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { joinWheel, spinWheel, wheelState } from '../domain/wheel.ts';
import { newPlayer, type TestServer, useTestServer, XHR_HEADERS as XHR } from '../testing.ts';

const WHEEL = '/web-api/api/web/promotions/wheel/137';
const WEIGHTS = `{${WHEEL_SEGMENTS.map((segment) => segment.weight).join(',')}}`;

/** The segment the database picks (hmac_sha256 and wheel_segment, migration 0029). */
async function databaseOutcome(server: TestServer, serverSeed: string, clientSeed: string, nonce: number) {
  const { rows } = await server.database.db.execute<{ segment: number }>(
    sql`select wheel_segment(hmac_sha256(convert_to(${serverSeed}, 'UTF8'),
      convert_to(${wheelMessage(clientSeed, nonce)}, 'UTF8')), ${WEIGHTS}::float8[]) as segment`,
  );
  return rows[0]?.segment;
}

/** A server seed whose first spin with `clientSeed` lands on a segment of `kind` (the contract's outcome). */
async function seedLandingOn(kind: string, clientSeed: string): Promise<string> {
  for (let n = 0; ; n += 1) {
    const seed = `forced-${kind}-${n}`;
    if (WHEEL_SEGMENTS[await wheelOutcome(seed, clientSeed, 0)]?.kind === kind) return seed;
  }
}

/**
 * The statements the database receives while `work` runs: each query's text on PostgreSQL (BEGIN
 * and COMMIT are queries of their own), each query, exec and transaction on PGlite.
 */
async function statementsDuring(database: DatabaseHandle, work: () => Promise<unknown>): Promise<string[]> {
  const client = database.db.$client;
  const spies =
    database.kind === 'postgres'
      ? [vi.spyOn(pg.Client.prototype, 'query')]
      : [vi.spyOn(client, 'query'), vi.spyOn(client, 'exec'), vi.spyOn(client, 'transaction')];
  try {
    await work();
    return spies.flatMap((spy) =>
      spy.mock.calls.map(([query]: unknown[]) =>
        typeof query === 'string'
          ? query
          : typeof query === 'function'
            ? 'transaction'
            : String((query as pg.QueryConfig).text),
      ),
    );
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('prize wheel', () => {
  const server = useTestServer(undefined);

  /** A fresh player of the test's own, with its balance and calls under the wheel's path. */
  async function player() {
    const me = await newPlayer(server);
    return {
      userId: me.userId,
      balance: async () => Number((await me.call('POST', '/web-api/user/balance')).json().accounts[0].amount),
      call: (method: 'GET' | 'POST', path: string, extra: Record<string, string> = {}, payload?: object) =>
        me.call(method, `${WHEEL}${path}`, extra, payload),
    };
  }

  test('visitors see the wheel; taking part needs sign-in and is idempotent', async () => {
    const visitor = await server.app.inject({ url: WHEEL });
    expect(visitor.json()).toMatchObject({ participating: false, spinsLeft: 0, nextServerSeedHash: null });
    expect(
      (await server.app.inject({ method: 'POST', url: `${WHEEL}/confirm-participation`, headers: XHR })).statusCode,
    ).toBe(401);
    const me = await player();
    const first = (await me.call('POST', '/confirm-participation')).json();
    const again = (await me.call('POST', '/confirm-participation')).json();
    expect(first).toMatchObject({ participating: true, spinsLeft: 3, nextNonce: 0 });
    expect(again.nextServerSeedHash).toBe(first.nextServerSeedHash);
    expect((await me.call('GET', '/confirm-participation')).json()).toEqual({ participating: true });
    expect((await server.app.inject({ url: '/web-api/api/web/promotions/wheel/104' })).statusCode).toBe(404);
  });

  test('ten concurrent spins with one Idempotency-Key apply once and all get the same answer', async () => {
    const me = await player();
    const before = (await me.call('POST', '/confirm-participation')).json();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => me.call('POST', '/spin', { 'idempotency-key': 'spin-click-000001' }, {})),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const bodies = answers.map((a) => a.json());
    expect(new Set(bodies.map((b) => b.spins[0].id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'false')).toHaveLength(1);
    const state = (await me.call('GET', '')).json();
    expect(state.spinsLeft).toBe(before.spinsLeft - 1);
    expect((await me.call('GET', '/getHistoryWheel')).json().spins).toHaveLength(1);
    // The seed hash published before the spin is the one the spin reveals, and it verifies.
    const [spin] = bodies[0].spins;
    expect(spin.serverSeedHash).toBe(before.nextServerSeedHash);
    expect(await verifySpin(spin)).toBe(true);
  });

  test('spins need a key; a key reused for another call is refused; spins run out for the day', async () => {
    const me = await player();
    await me.call('POST', '/confirm-participation');
    expect((await me.call('POST', '/spin', {}, {})).statusCode).toBe(400);
    // One spin of three, then its key sent with another call.
    expect((await me.call('POST', '/spin', { 'idempotency-key': 'spin-click-000001' }, {})).statusCode).toBe(200);
    expect((await me.call('POST', '/spin/all', { 'idempotency-key': 'spin-click-000001' }, {})).statusCode).toBe(422);
    const all = await me.call(
      'POST',
      '/spin/all',
      { 'idempotency-key': 'spin-all-000001' },
      { clientSeed: 'lucky-me' },
    );
    expect(all.statusCode).toBe(200);
    expect(all.json().spins.map((s: { clientSeed: string }) => s.clientSeed)).toEqual(['lucky-me', 'lucky-me']);
    expect(all.json().state.spinsLeft).toBe(0);
    const none = await me.call('POST', '/spin', { 'idempotency-key': 'spin-click-000002' }, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('No spins left today');
  });

  test('a spin reads the wheel as it is now: one the operator ends is refused in every later spin', async () => {
    const { db } = server.database;
    const me = await player();
    await me.call('POST', '/confirm-participation');
    expect((await me.call('POST', '/spin', { 'idempotency-key': 'spin-ended-000000' }, {})).statusCode).toBe(200);
    const [wheel] = await db.select({ endsAt: promotions.endsAt }).from(promotions).where(eq(promotions.id, 137));
    await db
      .update(promotions)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(promotions.id, 137));
    try {
      let attempt = 0;
      // The change reaches the process's kept promotion rows with the content notification.
      await vi.waitFor(async () => {
        const refused = await me.call('POST', '/spin', { 'idempotency-key': `spin-ended-00000${++attempt}` }, {});
        expect(refused.json()).toMatchObject({ statusCode: 409, error: 'promotion_ended' });
      });
    } finally {
      await db
        .update(promotions)
        .set({ endsAt: wheel?.endsAt ?? null })
        .where(eq(promotions.id, 137));
    }
  });

  test('1000 seeded spins land on the segment the published seed decides; cash prizes are credited', async () => {
    const { db } = server.database;
    const me = await player();
    const startBalance = await me.balance();
    let cash = 0;
    let day = Date.parse('2030-01-01T12:00:00Z');
    await joinWheel(db, me.userId, 138, new Date(day));
    let spins = 0;
    while (spins < 1000) {
      const now = new Date(day);
      const before = await wheelState(db, me.userId, 138, now);
      const result = await transaction(db, (tx) =>
        spinWheel(tx, { userId: me.userId, promotionId: 138, clientSeed: `seed-${spins}`, count: 'all' }, now),
      );
      expect(result.spins[0]?.serverSeedHash).toBe(before.nextServerSeedHash);
      for (const spin of result.spins) {
        expect(await verifySpin(spin)).toBe(true);
        expect(spin.prize.kind).toBe(WHEEL_SEGMENTS[spin.segment]?.kind);
        if (spin.prize.kind === 'cash') cash += Number(spin.prize.amount);
      }
      spins += result.spins.length;
      day += 24 * 60 * 60 * 1000;
    }
    expect(await me.balance()).toBeCloseTo(startBalance + cash, 2);
  }, 120_000);

  test("the database's outcome is the contract's (WebCrypto) for any seeds and nonce", async () => {
    // Any text, shorter and longer than HMAC's 64-byte block (a server seed is 64 hex digits).
    const text = (minLength: number) =>
      fc.string({ minLength, maxLength: 80, unit: 'grapheme' }).filter((value) => !value.includes('\0'));
    await fc.assert(
      fc.asyncProperty(text(1), text(0), fc.nat(), async (serverSeed, clientSeed, nonce) => {
        expect(await databaseOutcome(server, serverSeed, clientSeed, nonce)).toBe(
          await wheelOutcome(serverSeed, clientSeed, nonce),
        );
      }),
      { numRuns: 300 },
    );
  });

  test('a replay is the first answer byte for byte, in the shape the contract gives', async () => {
    const me = await player();
    await me.call('POST', '/confirm-participation');
    const key = { 'idempotency-key': 'spin-bytes-000001' };
    const first = await me.call('POST', '/spin', key, { clientSeed: 'bytes' });
    const again = await me.call('POST', '/spin', key, { clientSeed: 'bytes' });
    expect([first.statusCode, first.headers['idempotent-replayed'], again.headers['idempotent-replayed']]).toEqual([
      200,
      'false',
      'true',
    ]);
    expect(again.payload).toBe(first.payload);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer: SpinResult = spinResultSchema.parse(JSON.parse(first.payload));
    expect(answer.spins.map((spin) => [spin.clientSeed, spin.nonce])).toEqual([['bytes', 0]]);
    expect(answer.state).toMatchObject({ promotionId: 137, participating: true, spinsLeft: 2, nextNonce: 1 });
    expect((await me.call('GET', '')).json()).toEqual(answer.state);
    expect(await verifySpin(answer.spins[0] as SpinResult['spins'][number])).toBe(true);
  });

  test('cash won by a player who holds only euros lands on the euro account, converted', async () => {
    const { db } = server.database;
    const me = await newPlayer(server, { like: 2 });
    const call = (path: string, extra: Record<string, string> = {}, body?: object) =>
      me.call('POST', `${WHEEL}${path}`, extra, body);
    expect((await call('/confirm-participation')).json().currencyCode).toBe('USD');
    await forceSeed(server, me.userId, 137, await seedLandingOn('cash', 'euro-cash'));
    const eurBefore = await euroBalance(server, me.userId);
    const spun = await call('/spin', { 'idempotency-key': 'spin-euro-000001' }, { clientSeed: 'euro-cash' });
    const [spin] = (spun.json() as SpinResult).spins;
    expect(spin?.prize.kind).toBe('cash');
    expect(spin?.prize.currencyCode).toBe('USD');
    // $1, $10 or $100 at 0.92 euros a dollar.
    const euros = { '1': '0.92', '10': '9.20', '100': '92.00' }[spin?.prize.amount ?? ''];
    expect(Number(await euroBalance(server, me.userId))).toBeCloseTo(Number(eurBefore) + Number(euros), 2);
    const { rows } = await db.execute<{ amount: string; reference: string }>(
      sql`select amount::text as amount, reference from ledger_entries
        where user_id = ${me.userId} and currency_code = 'EUR' and kind = 'wheel_prize'`,
    );
    expect(rows).toEqual([{ amount: Number(euros).toFixed(8), reference: String(spin?.id) }]);
  });
});

/** Replaces a participant's committed seed (and its hash), as if the server had drawn it. */
async function forceSeed(server: TestServer, userId: number, promotionId: number, seed: string) {
  await server.database.db
    .update(wheelParticipants)
    .set({ serverSeed: seed, serverSeedHash: sql`encode(sha256(convert_to(${seed}, 'UTF8')), 'hex')` })
    .where(and(eq(wheelParticipants.userId, userId), eq(wheelParticipants.promotionId, promotionId)));
}

async function euroBalance(server: TestServer, userId: number) {
  const { rows } = await server.database.db.execute<{ amount: string }>(
    sql`select amount::text as amount from accounts where user_id = ${userId} and currency_code = 'EUR'`,
  );
  return rows[0]?.amount;
}

type Player = Awaited<ReturnType<typeof newPlayer>>;
interface SpinRefusal {
  refusal: string;
  /** The player's own accounts (none for a player who cannot be paid). */
  accounts?: [];
  /** Takes part first (the default). */
  join?: boolean;
  /** Puts the player in the state that refuses the spin. */
  prepare?: (me: Player, server: TestServer) => Promise<unknown>;
  /** The call's headers in place of the player's own and the key. */
  headers?: (me: Player, server: TestServer) => Promise<Record<string, string>>;
  path?: string;
  body?: object;
  status: number;
  code: string;
}

const KEY = 'spin-refused-0001';
const spinCall = (me: Player, path: string, key: string, body: object = {}) =>
  me.call('POST', path, { 'idempotency-key': key }, body);

/** Every refusal of a spin, in the order the server checks them. */
const SPIN_REFUSALS: SpinRefusal[] = [
  {
    refusal: "a visitor's token",
    headers: async (_me, server) => {
      const { token } = (await server.app.inject({ url: '/web-api/user/gettoken' })).json();
      return { ...XHR, 'x-auth': `Bearer ${token}`, 'idempotency-key': KEY };
    },
    status: 403,
    code: 'sign_in_required',
  },
  {
    refusal: 'no Idempotency-Key',
    headers: async (me) => me.headers,
    status: 400,
    code: 'idempotency_key_required',
  },
  {
    refusal: 'a session signed out',
    prepare: (me, server) =>
      server.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, me.userId)),
    status: 401,
    code: 'session_invalid',
  },
  {
    refusal: 'a session expired',
    prepare: (me, server) =>
      server.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(sessions.userId, me.userId)),
    status: 401,
    code: 'session_invalid',
  },
  {
    refusal: 'a key used for another call',
    prepare: (me) => spinCall(me, `${WHEEL}/spin/all`, KEY),
    status: 422,
    code: 'key_reused',
  },
  {
    refusal: 'a key sent again with another body',
    prepare: (me) => spinCall(me, `${WHEEL}/spin`, KEY, { clientSeed: 'first' }),
    body: { clientSeed: 'second' },
    status: 422,
    code: 'key_reused',
  },
  {
    refusal: 'a promotion that is not a wheel',
    path: '/web-api/api/web/promotions/wheel/104/spin',
    status: 404,
    code: 'not_found',
  },
  { refusal: 'a player who has not taken part', join: false, status: 409, code: 'not_joined' },
  {
    refusal: 'no spins left today',
    prepare: (me) => spinCall(me, `${WHEEL}/spin/all`, 'spin-refused-all1'),
    status: 409,
    code: 'no_spins',
  },
  {
    refusal: 'cash won by a player without any account',
    accounts: [],
    prepare: async (me, server) => forceSeed(server, me.userId, 137, await seedLandingOn('cash', 'no-account')),
    body: { clientSeed: 'no-account' },
    status: 409,
    code: 'no_account',
  },
];

describe('a refused spin answers its code and changes nothing', () => {
  const server = useTestServer(undefined);
  const keysAndSpins = async (userId: number) => {
    const { rows } = await server.database.db.execute<{ keys: number; spins: number }>(
      sql`select (select count(*) from ${idempotencyKeys} where user_id = ${userId})::int as keys,
        (select count(*) from wheel_spins where user_id = ${userId})::int as spins`,
    );
    return rows[0];
  };

  test.each(SPIN_REFUSALS)('$refusal: $status $code', async (refusal) => {
    const me = await newPlayer(server, refusal.accounts ? { accounts: refusal.accounts } : {});
    if (refusal.join !== false) await me.call('POST', `${WHEEL}/confirm-participation`);
    await refusal.prepare?.(me, server);
    const before = await keysAndSpins(me.userId);
    const answer = await server.app.inject({
      method: 'POST',
      url: refusal.path ?? `${WHEEL}/spin`,
      headers: refusal.headers ? await refusal.headers(me, server) : { ...me.headers, 'idempotency-key': KEY },
      payload: refusal.body ?? {},
    });
    expect([answer.statusCode, answer.json().error]).toEqual([refusal.status, refusal.code]);
    expect(await keysAndSpins(me.userId)).toEqual(before);
  });
});

describe('a spin in one round trip', () => {
  // Rate limits off: on PostgreSQL their counters are statements of their own.
  const server = useTestServer(undefined, {
    rateLimits: { signIn: 0, token: 0, telemetry: 0, actions: 0, operator: 0 },
  });

  test('a spin, its replay and a spin refused are each one statement, committed on its own', async () => {
    const me = await newPlayer(server);
    const spin = (key: string) => me.call('POST', `${WHEEL}/spin`, { 'idempotency-key': key }, {});
    await me.call('POST', `${WHEEL}/confirm-participation`);
    // The first spin leaves the wheel's row in the process's content cache, a first refusal the
    // error texts of its language.
    expect((await spin('round-trip-0001')).statusCode).toBe(200);
    expect((await me.call('POST', `${WHEEL}/spin`, {}, {})).statusCode).toBe(400);
    const calls = [
      { call: 'a spin', key: 'round-trip-0002', status: 200 },
      { call: 'its replay', key: 'round-trip-0002', status: 200 },
      { call: 'the last spin of the day', key: 'round-trip-0003', status: 200 },
      { call: 'a spin past it', key: 'round-trip-0004', status: 409 },
    ];
    const seen = [];
    for (const { call, key } of calls) {
      let status = 0;
      const sent = await statementsDuring(server.database, async () => {
        status = (await spin(key)).statusCode;
      });
      seen.push({
        call,
        status,
        statements: sent.map((text) => (/\bfrom wheel_spin\(/.test(text) ? 'wheel_spin' : text)),
      });
    }
    expect(seen).toEqual(calls.map(({ call, status }) => ({ call, status, statements: ['wheel_spin'] })));
  });
});
