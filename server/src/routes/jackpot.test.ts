import { createHash } from 'node:crypto';
import type { Settlement } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { transaction } from '../db/transaction.ts';
import { applySettlements } from '../domain/feed.ts';
import { nextDrawAt, WEEK_MS, weeklyJackpot } from '../domain/jackpot.ts';
import { DAY_MS } from '../domain/time.ts';
import { DEMO_OPERATOR_KEY } from '../settings.ts';
import { newPlayer, openSeededDatabase, useTestServer } from '../testing.ts';

// jackpot-of-week: bets of $5 or more at 1.50 or more are tickets in Sunday's 20:00 UTC draw.
const JACKPOT = 124;
const URL = `/web-api/api/web/promotions/${JACKPOT}/jackpot`;
const HOUR_MS = 3600_000;

/**
 * Moments after a Sunday's draw at which a player reads the page: every day of the week that
 * follows, and the seconds around the draws. Whenever it is read, the week just drawn is the first
 * past draw, and its only ticket has won it. Three weeks apart: no case reads another's week.
 */
const AFTER_THE_DRAW = [
  { when: 'at the draw, Sunday 20:00', draw: '2041-01-06', after: 0 },
  { when: 'on Sunday at 20:00:01', draw: '2041-01-27', after: 1000 },
  { when: 'on Monday at 00:00', draw: '2041-02-17', after: 4 * HOUR_MS },
  { when: 'on Tuesday at noon', draw: '2041-03-10', after: DAY_MS + 16 * HOUR_MS },
  { when: 'on Wednesday at 10:00', draw: '2041-03-31', after: 2 * DAY_MS + 14 * HOUR_MS },
  { when: 'on Thursday at 23:59:59', draw: '2041-04-21', after: 4 * DAY_MS + 4 * HOUR_MS - 1000 },
  { when: 'on Friday at 06:00', draw: '2041-05-12', after: 4 * DAY_MS + 10 * HOUR_MS },
  { when: 'on Saturday at 23:59:59', draw: '2041-06-02', after: 6 * DAY_MS + 4 * HOUR_MS - 1000 },
  { when: 'on Sunday at 00:00', draw: '2041-06-23', after: 6 * DAY_MS + 4 * HOUR_MS },
  {
    when: 'on Sunday at 18:47, before the next draw',
    draw: '2041-07-14',
    after: 6 * DAY_MS + 22 * HOUR_MS + 47 * 60_000,
  },
  { when: 'on Sunday at 19:59:59, the last second before the next draw', draw: '2041-08-04', after: WEEK_MS - 1000 },
];

/** A draw's day as the page writes it (dd.MM). */
const dayMonth = (unixSeconds: number) => {
  const [, month, day] = new Date(unixSeconds * 1000).toISOString().slice(0, 10).split('-');
  return `${day}.${month}`;
};

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

  test.for(AFTER_THE_DRAW)(
    "read $when, the week just drawn names the player who bet in it, never 'nobody won'",
    async ({ draw, after }) => {
      const me = await newPlayer(server, { like: 0 });
      const drawAt = Date.parse(`${draw}T20:00:00Z`);
      // Settled on the Wednesday before the draw, and posted then.
      const settledAt = new Date(drawAt - 4 * DAY_MS - 4 * HOUR_MS);
      const ticket = bet(me.userId, { settledAt: settledAt.toISOString() });
      await transaction(server.database.db, (tx) => applySettlements(tx, [ticket], settledAt));
      const [open, last] = (
        await weeklyJackpot(server.database.db, JACKPOT, me.userId, 'USD', new Date(drawAt + after))
      ).draws;
      expect({
        open: open && { day: dayMonth(open.drawAt), status: open.status, tickets: open.tickets },
        last: last && {
          day: dayMonth(last.drawAt),
          status: last.status,
          tickets: last.tickets,
          myPlace: last.myPlace,
          wonBy: last.winners[0]?.name,
        },
      }).toEqual({
        open: { day: dayMonth((drawAt + WEEK_MS) / 1000), status: 'open', tickets: 0 },
        last: {
          day: dayMonth(drawAt / 1000),
          status: 'drawn',
          tickets: 1,
          myPlace: 1,
          wonBy: `${me.login.slice(0, 2)}***${me.login.slice(-2)}`,
        },
      });
    },
  );

  test('a bet whose batch began before the draw and ended after the draw was first read wins that week all the same', async () => {
    const me = await newPlayer(server, { like: 0 });
    const drawAt = Date.parse('2042-03-02T20:00:00Z');
    const read = async (at: number) => {
      const last = (await weeklyJackpot(server.database.db, JACKPOT, me.userId, 'USD', new Date(at))).draws[1];
      return { day: last && dayMonth(last.drawAt), tickets: last?.tickets, wonBy: last?.winners[0]?.name ?? null };
    };
    // Every open page reads the draw again at its second: nobody had a ticket yet.
    expect(await read(drawAt)).toEqual({ day: '02.03', tickets: 0, wonBy: null });
    // The operator's batch, begun a tenth of a second before the draw, commits now.
    const ticket = bet(me.userId, { settledAt: new Date(drawAt - 1000).toISOString() });
    await transaction(server.database.db, (tx) => applySettlements(tx, [ticket], new Date(drawAt - 100)));
    expect(await read(drawAt + 1000)).toEqual({
      day: '02.03',
      tickets: 1,
      wonBy: `${me.login.slice(0, 2)}***${me.login.slice(-2)}`,
    });
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
    // Two tickets of our own: just after a draw the new week has none of the demo's yet.
    const rival = await newPlayer(server, { like: 3 });
    await feed([bet(me.userId), bet(rival.userId)]);
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
