import { createHash } from 'node:crypto';
import { verifyDraw } from '@promo/contract';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { luckyDayDraws, promotions } from '../db/schema.ts';
import { drawTime } from '../domain/lucky-day.ts';
import { utcDay } from '../domain/time.ts';
import { newPlayer, signedInCaller, signIn, useTestServer, XHR_HEADERS } from '../testing.ts';

const KEY = 'idempotency-key';
const DRAW = '/web-api/api/v3/promotions/lucky-day-draw';
const TICKETS = '/web-api/api/v3/promotions/lucky-day-ticket';
const TAKE = '/web-api/external-api/promotions/ticket';

describe('lucky day and bet series', () => {
  const server = useTestServer(undefined);
  afterEach(() => vi.useRealTimers());

  test("yesterday's draw has winners by its seed and the prize table; bad dates are refused", async () => {
    const yesterday = utcDay(new Date(Date.now() - 86_400_000));
    const draw = (await server.app.inject({ url: `${DRAW}?date_draw=${yesterday}&promo_id=116` })).json();
    expect(draw).toMatchObject({ promoId: 116, day: yesterday, status: 'drawn' });
    expect(draw.tickets).toBeGreaterThan(5);
    expect(draw.winners[0]).toMatchObject({ place: 1, prize: { kind: 'cash', amount: '1000' } });
    expect(draw.winners.map((w: { place: number }) => w.place)).toEqual(
      Array.from({ length: draw.winners.length }, (_, i) => i + 1),
    );
    // The order is the seed's: published as a hash before, revealed after, checkable by anyone.
    expect(createHash('sha256').update(draw.seed).digest('hex')).toBe(draw.seedHash);
    expect(await verifyDraw(draw)).toBe(true);
    expect(await verifyDraw({ ...draw, winners: [...draw.winners].reverse() })).toBe(false);
    const today = (
      await server.app.inject({ url: `${DRAW}?date_draw=${utcDay(new Date(Date.now() + 86_400_000))}` })
    ).json();
    expect(today).toMatchObject({ status: 'open', seed: null, winners: [] });
    expect(today.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await server.app.inject({ url: `${DRAW}?date_draw=yesterday` })).statusCode).toBe(400);
    expect((await server.app.inject({ url: `${DRAW}?promo_id=104` })).statusCode).toBe(404);
  });

  test('reading draws writes nothing; a day outside the promotion is a 400 with its code, in the language asked', async () => {
    const rows = async () => (await server.database.db.select({ n: count() }).from(luckyDayDraws))[0]?.n ?? 0;
    const before = await rows();
    const [promotion] = await server.database.db.select().from(promotions).where(eq(promotions.id, 116));
    const first = utcDay(promotion?.startsAt ?? new Date());
    const dayBefore = utcDay(new Date(Date.parse(first) - 86_400_000));
    // Every day of the run answers, and the same day twice gives the same commitment.
    const days = Array.from({ length: 30 }, (_, i) => utcDay(new Date(Date.now() - i * 86_400_000)));
    const hashes = [];
    for (const day of [first, ...days]) {
      const answer = await server.app.inject({ url: `${DRAW}?date_draw=${day}&promo_id=116` });
      expect(answer.statusCode, day).toBe(200);
      hashes.push(answer.json().seedHash);
    }
    expect(new Set(hashes).size).toBe(hashes.length);
    expect((await server.app.inject({ url: `${DRAW}?date_draw=${first}&promo_id=116` })).json().seedHash).toBe(
      hashes[0],
    );
    // Before its first day (and in 1900): no draw, refused with a code and a translated message.
    for (const day of [dayBefore, '1900-01-01']) {
      const refused = await server.app.inject({
        url: `${DRAW}?date_draw=${day}&promo_id=116`,
        headers: { 'accept-language': 'ru' },
      });
      expect([refused.statusCode, refused.json().error]).toEqual([400, 'draw_day_out_of_range']);
      expect(refused.json().message).toBe(`Розыгрыша ${day} нет: выберите день, когда идёт акция`);
    }
    const me = await signedInCaller(server, 0);
    expect((await me.call('GET', `${TICKETS}?date_draw=${dayBefore}`)).json().error).toBe('draw_day_out_of_range');
    expect((await me.call('GET', `${TICKETS}?date_draw=${first}`)).statusCode).toBe(200);
    expect(await rows()).toBe(before);
  });

  test('a lucky number is taken once a day, never twice, and stays pending until the draw', async () => {
    // Morning of today (UTC), whatever the clock says: the draw is open until 20:00.
    const today = utcDay(new Date());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${today}T09:00:00Z`));
    const me = await newPlayer(server, { like: 1 });
    const body = { promoId: 116, ticketId: 777 };
    expect(
      (await server.app.inject({ method: 'POST', url: TAKE, headers: XHR_HEADERS, payload: body })).statusCode,
    ).toBe(401);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => me.call('POST', TAKE, { [KEY]: 'ticket-000000001' }, body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    expect(answers[0]?.json().tickets).toEqual([
      { ticketId: 777, day: today, state: 'pending', place: null, prize: null },
    ]);
    const again = await me.call('POST', TAKE, { [KEY]: 'ticket-000000002' }, { promoId: 116, ticketId: 778 });
    expect(again.statusCode).toBe(409);
    const other = await newPlayer(server, { like: 0 });
    const taken = await other.call('POST', TAKE, { [KEY]: 'ticket-000000003' }, body);
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'Number 777 is taken today; pick another']);
    expect((await me.call('GET', `${TICKETS}?date_draw=${today}`)).json().tickets).toHaveLength(1);
    expect((await me.call('POST', TAKE, { [KEY]: 'ticket-000000004' }, { promoId: 116, ticketId: 0 })).statusCode).toBe(
      400,
    );
    // At the draw time sales close; the morning ticket is now a win or a loss.
    vi.setSystemTime(drawTime(today));
    const evening = await newPlayer(server, { like: 0 });
    const late = await evening.call('POST', TAKE, { [KEY]: 'ticket-000000005' }, { promoId: 116, ticketId: 4242 });
    expect([late.statusCode, late.json().message]).toEqual([409, "Today's draw is closed; come back tomorrow"]);
    // Signed in again: the morning's session has expired by the evening clock.
    const mine = await signIn(server, me.login, me.password);
    const [ticket] = (await mine.call('GET', `${TICKETS}?date_draw=${today}`)).json().tickets;
    expect(['win', 'loss']).toContain(ticket.state);
  });

  test('the bet-series table: prizes by streak for all, the streak for a player', async () => {
    const visitor = (await server.app.inject({ url: '/web-api/api/web/promotions/186/betseries/table' })).json();
    expect(visitor.steps.map((s: { wins: number }) => s.wins)).toEqual([3, 6, 9, 12]);
    expect(visitor.progress).toBeNull();
    // demo.player's seeded bets.
    const me = await signedInCaller(server, 0);
    expect((await me.call('GET', '/web-api/api/web/promotions/186/betseries/table')).json().progress).toEqual({
      current: 2,
      best: 4,
    });
    expect((await server.app.inject({ url: '/web-api/api/web/promotions/116/betseries/table' })).statusCode).toBe(404);
  });
});
