import { verifySpin, WHEEL_SEGMENTS, wheelOutcome } from '@promo/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { promotions } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { joinWheel, spinOutcome, spinWheel, wheelState } from '../domain/wheel.ts';
import { newPlayer, useTestServer, XHR_HEADERS as XHR } from '../testing.ts';

const WHEEL = '/web-api/api/web/promotions/wheel/137';

test("the server's outcome (Node's HMAC) is the contract's (WebCrypto) for any seeds and nonce", async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ minLength: 1 }), fc.string(), fc.nat(), async (serverSeed, clientSeed, nonce) => {
      expect(spinOutcome(serverSeed, clientSeed, nonce)).toBe(await wheelOutcome(serverSeed, clientSeed, nonce));
    }),
    { numRuns: 500 },
  );
});

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
});
