import { createHash } from 'node:crypto';
import type { Settlement } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { transaction } from '../db/transaction.ts';
import { nextDrawAt, weeklyJackpot } from '../domain/jackpot.ts';
import { DEMO_OPERATOR_KEY } from '../settings.ts';
import { newPlayer, openSeededDatabase, useTestServer } from '../testing.ts';

// jackpot-of-week: bets of $5 or more at 1.50 or more are tickets in Sunday's 20:00 UTC draw.
const JACKPOT = 124;
const URL = `/web-api/api/web/promotions/${JACKPOT}/jackpot`;

let serial = 0;
const bet = (playerId: number, fields: Partial<Extract<Settlement, { kind: 'bet' }>> = {}): Settlement => {
  serial += 1;
  return {
    id: `jackpot-test-${serial}`,
    playerId,
    kind: 'bet',
    settledAt: new Date(Date.now() - 60_000).toISOString(),
    currency: 'USD',
    stake: '100.00',
    payout: '0',
    sportId: 1,
    betType: 'single',
    legs: 1,
    odds: '1.80',
    ...fields,
  };
};

describe('the weekly jackpot', () => {
  const server = useTestServer(undefined);
  const feed = (items: Settlement[]) =>
    server.app.inject({
      method: 'POST',
      url: '/operator-api/v1/settlements',
      headers: { authorization: `Bearer ${DEMO_OPERATOR_KEY}` },
      payload: { items },
    });

  test('draws on Sunday at 20:00 UTC; a bet settled at that minute plays the next week', () => {
    const promo = { content: { weekly: { weekdays: [0], from: '20:00' } } };
    expect(nextDrawAt(promo, new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2026-11-29T20:00:00.000Z');
    expect(nextDrawAt(promo, new Date('2026-11-29T19:59:59Z')).toISOString()).toBe('2026-11-29T20:00:00.000Z');
    expect(nextDrawAt(promo, new Date('2026-11-29T20:00:00Z')).toISOString()).toBe('2026-12-06T20:00:00.000Z');
  });

  test('each qualifying bet is one ticket and grows the jackpot by 1% of its stake, once', async () => {
    const me = await newPlayer(server, { like: 2 });
    const before = (await me.call('GET', URL)).json().draws[0];
    expect(before).toMatchObject({ status: 'open', mine: 0, seed: null, winners: [] });
    expect(before.jackpot.currencyCode).toBe('EUR');
    // 92 EUR is $100: one ticket and $1.00 (0.92 EUR) more in the jackpot.
    const ticket = bet(me.userId, { currency: 'EUR', stake: '92.00' });
    await feed([ticket, bet(me.userId, { odds: '1.45' }), bet(me.userId, { stake: '4.00' })]);
    await feed([ticket]);
    const after = (await me.call('GET', URL)).json().draws[0];
    expect(after).toMatchObject({ mine: 1, tickets: before.tickets + 1, seedHash: before.seedHash });
    expect(Number(after.jackpot.amount) - Number(before.jackpot.amount)).toBeCloseTo(0.92, 2);
  });

  test('a drawn week reveals its seed, whose hash was published, and lists each winner once, by place', async () => {
    const me = await newPlayer(server, { like: 1 });
    await feed([bet(me.userId)]);
    const open = (await me.call('GET', URL)).json().draws[0];
    const afterDraw = new Date(open.drawAt * 1000 + 1000);
    const drawn = (await weeklyJackpot(server.database.db, JACKPOT, me.userId, 'USD', afterDraw)).draws[1];
    expect(drawn).toMatchObject({ drawAt: open.drawAt, status: 'drawn', mine: 1, seedHash: open.seedHash });
    expect(
      createHash('sha256')
        .update(drawn?.seed ?? '')
        .digest('hex'),
    ).toBe(open.seedHash);
    const places = drawn?.winners.map((winner) => winner.place) ?? [];
    expect(places).toEqual(places.map((_, i) => i + 1));
    expect(new Set(drawn?.winners.map((winner) => winner.name)).size).toBe(places.length);
    expect(drawn?.winners[0]?.prize).toEqual({ kind: 'cash', ...open.jackpot });
    expect(drawn?.winners[1]?.prize).toEqual({ kind: 'cash', amount: '500.00', currencyCode: 'USD' });
    expect(drawn?.winners.every((winner) => winner.name.includes('***'))).toBe(true);
  });

  test('a bet posted after its draw plays the next one: a drawn week never changes', async () => {
    const { applySettlements } = await import('../domain/feed.ts');
    const me = await newPlayer(server, { like: 4 });
    const open = (await me.call('GET', URL)).json().draws[0];
    const afterDraw = new Date(open.drawAt * 1000 + 60_000);
    // Settled a minute before the draw, posted a minute after it.
    const late = bet(me.userId, { settledAt: new Date(open.drawAt * 1000 - 60_000).toISOString() });
    await transaction(server.database.db, (tx) => applySettlements(tx, [late], afterDraw));
    const draws = (await weeklyJackpot(server.database.db, JACKPOT, me.userId, 'USD', afterDraw)).draws;
    expect(draws[1]).toMatchObject({ drawAt: open.drawAt, mine: 0 });
    expect(draws[0]).toMatchObject({ drawAt: open.drawAt + 7 * 24 * 3600, mine: 1 });
  });

  test('a visitor reads it in the asked currency; a promotion that is not a weekly jackpot is a 404', async () => {
    const visitor = (await server.app.inject({ url: `${URL}?currency=EUR` })).json().draws[0];
    expect(visitor).toMatchObject({ mine: null, myPlace: null });
    expect(visitor.jackpot.currencyCode).toBe('EUR');
    const other = await server.app.inject({ url: '/web-api/api/web/promotions/116/jackpot' });
    expect([other.statusCode, other.json().error]).toEqual([404, 'not_found']);
    const bad = await server.app.inject({ url: '/web-api/api/web/promotions/x/jackpot' });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'invalid_param']);
  });
});

// A database of its own: the other tests draw the same week in theirs, and a drawn week is kept
// once computed, so in a shared database the order could be one computed before this player's bet.
describe('the weekly jackpot in a process with two databases', () => {
  const own = useTestServer(undefined);
  test("a drawn week's places come from its own database, not from another one the process opened", async () => {
    const me = await newPlayer(own, { like: 1 });
    await own.app.inject({
      method: 'POST',
      url: '/operator-api/v1/settlements',
      headers: { authorization: `Bearer ${DEMO_OPERATOR_KEY}` },
      payload: { items: [bet(me.userId)] },
    });
    const open = (await me.call('GET', URL)).json().draws[0];
    const afterDraw = new Date(open.drawAt * 1000 + 1000);
    // Another copy of the seeded data draws the same week first, without this player's ticket.
    const other = await openSeededDatabase();
    try {
      const there = (await weeklyJackpot(other.db, JACKPOT, me.userId, 'USD', afterDraw)).draws[1];
      expect(there).toMatchObject({ drawAt: open.drawAt, mine: 0, myPlace: null });
    } finally {
      await other.close();
    }
    const here = (await weeklyJackpot(own.database.db, JACKPOT, me.userId, 'USD', afterDraw)).draws[1];
    expect(here).toMatchObject({ drawAt: open.drawAt, mine: 1 });
    expect(here?.myPlace).toEqual(expect.any(Number));
  });
});
