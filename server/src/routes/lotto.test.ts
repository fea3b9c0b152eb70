import {
  drawsSchema,
  LOTTERIES,
  LOTTERY_CODES,
  lottoAvailableSchema,
  nextDrawTime,
  quickPick,
  SALES_CLOSE_MS,
  ticketSchema,
  ticketsSchema,
} from '@promo/contract';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { newPlayer, signedInCaller, useTestServer, XHR_HEADERS } from '../testing.ts';

const KEY = 'idempotency-key';
const AVAILABLE = '/web-api/external-api/lotto/available';
const TICKETS = '/web-api/api/v3/lotto/tickets';
const draws = (code: string) => `/web-api/api/v3/lotto/${code}/draws`;

describe('lotto', () => {
  const server = useTestServer(undefined);
  afterEach(() => vi.useRealTimers());
  /**
   * The clock ten minutes before the lottery's sales close: at the real time, a run in the five
   * minutes before its draw found the sales closed (a test that failed by the hour it ran).
   */
  const salesOpen = (code: keyof typeof LOTTERIES) => {
    const drawAt = nextDrawTime(LOTTERIES[code], Date.now());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(drawAt - SALES_CLOSE_MS - 10 * 60_000));
  };

  test('all 24 lotteries are on sale with their next draw, jackpot and price in the caller currency', async () => {
    const usd = lottoAvailableSchema.parse((await server.app.inject({ url: AVAILABLE })).json());
    expect(usd.lotteries.map((l) => l.code)).toEqual([...LOTTERY_CODES]);
    const now = Date.now() / 1000;
    for (const lottery of usd.lotteries) {
      expect(lottery.nextDrawAt).toBeGreaterThan(now);
      expect(lottery.nextDrawAt).toBe(Math.floor(nextDrawTime(LOTTERIES[lottery.code], Date.now()) / 1000));
      expect(lottery.jackpot.currencyCode).toBe('USD');
    }
    const rub = lottoAvailableSchema.parse((await server.app.inject({ url: `${AVAILABLE}?currency=RUB` })).json());
    const [usdPowerball, rubPowerball] = [usd, rub].map((list) => list.lotteries.find((l) => l.code === 'powerball'));
    expect(Number(rubPowerball?.jackpot.amount)).toBe(Number(usdPowerball?.jackpot.amount) * 90);
    expect(rubPowerball?.linePrice).toEqual({ amount: '180.00', currencyCode: 'RUB' });
  });

  test("a lottery's draws: the open one first, then ten drawn with valid results; unknown codes 404", async () => {
    const { draws: list } = drawsSchema.parse((await server.app.inject({ url: draws('euromillions') })).json());
    expect(list).toHaveLength(11);
    expect(list[0]).toMatchObject({ status: 'open', result: null });
    for (const draw of list.slice(1)) {
      expect(draw.status).toBe('drawn');
      expect(draw.result?.main).toHaveLength(5);
      expect(draw.result?.bonus).toHaveLength(2);
      expect(new Set(draw.result?.main).size).toBe(5);
    }
    expect(list.map((d) => d.drawAt)).toEqual([...list.map((d) => d.drawAt)].sort((a, b) => b - a));
    // Results do not change once made.
    const again = drawsSchema.parse((await server.app.inject({ url: draws('euromillions') })).json());
    expect(again.draws[1]?.result).toEqual(list[1]?.result);
    expect((await server.app.inject({ url: draws('nope') })).statusCode).toBe(404);
    const latest = drawsSchema.parse((await server.app.inject({ url: '/web-api/api/v3/lotto/results' })).json());
    expect(latest.draws.map((d) => d.code)).toEqual([...LOTTERY_CODES]);
    expect(latest.draws.every((d) => d.status === 'drawn')).toBe(true);
    expect(latest.draws.find((d) => d.code === 'euromillions')).toEqual(list[1]);
    // The list's jackpot is the open draw's.
    const available = lottoAvailableSchema.parse((await server.app.inject({ url: AVAILABLE })).json());
    expect(available.lotteries.find((l) => l.code === 'euromillions')?.jackpot).toEqual(list[0]?.jackpot);
  });

  test('buying: sign-in, a key, valid lines and money; ten presses buy one ticket and pay once', async () => {
    salesOpen('powerball');
    const order = { code: 'powerball', lines: [{ main: [1, 2, 3, 4, 5], bonus: [6] }], kind: 'default' };
    const anonymous = await server.app.inject({
      method: 'POST',
      url: TICKETS,
      headers: { ...XHR_HEADERS, [KEY]: 'lotto-0000000001' },
      payload: order,
    });
    expect(anonymous.statusCode).toBe(401);
    const me = await newPlayer(server, { like: 3 });
    const balance = async () => {
      const { accounts } = (await me.call('POST', '/web-api/user/balance')).json();
      return Number(accounts.find((account: { active: boolean }) => account.active).amount);
    };
    const before = await balance();
    expect((await me.call('POST', TICKETS, {}, order)).statusCode).toBe(400);
    const invalid = await me.call(
      'POST',
      TICKETS,
      { [KEY]: 'lotto-0000000002' },
      { ...order, lines: [{ main: [1, 1, 2, 3, 4], bonus: [6] }] },
    );
    expect([invalid.statusCode, invalid.json().message]).toEqual([400, 'Line 1 is not a valid Powerball line']);
    // Ten presses of one order: the same key and the same body.
    const ticketOrder = {
      ...order,
      lines: [order.lines[0], quickPick(LOTTERIES.powerball.format)],
      kind: 'additional',
    };
    const presses = await Promise.all(
      Array.from({ length: 10 }, () => me.call('POST', TICKETS, { [KEY]: 'lotto-0000000003' }, ticketOrder)),
    );
    expect(presses.map((p) => p.statusCode)).toEqual(Array(10).fill(200));
    const ticket = ticketSchema.parse(presses[0]?.json());
    expect(ticket).toMatchObject({
      code: 'powerball',
      kind: 'additional',
      status: 'pending',
      circulation: 'nextCirculation',
      won: null,
    });
    expect(ticket.price).toEqual({ amount: '6.00', currencyCode: 'USD' });
    expect(await balance()).toBeCloseTo(before - 6, 2);
    const mine = ticketsSchema.parse((await me.call('GET', TICKETS)).json());
    expect(mine.tickets.filter((t) => t.id === ticket.id)).toHaveLength(1);
    // demo.uk has $75: a ticket of 10 additional EuroMillions lines ($45) twice is more than that.
    const big = {
      code: 'euromillions',
      lines: Array.from({ length: 10 }, () => quickPick(LOTTERIES.euromillions.format)),
      kind: 'additional',
    };
    expect((await me.call('POST', TICKETS, { [KEY]: 'lotto-0000000004' }, big)).statusCode).toBe(200);
    const broke = await me.call('POST', TICKETS, { [KEY]: 'lotto-0000000005' }, big);
    expect([broke.statusCode, broke.json().message]).toEqual([
      409,
      'Not enough money on the active account for this ticket',
    ]);
  });

  test('an mBTC ticket reads to 8 digits, exactly the line price it was bought at (not rounded to 2)', async () => {
    salesOpen('powerball');
    const me = await newPlayer(server, {
      accounts: [{ currencyCode: 'mBTC', amount: '500.00000000', active: true }],
    });
    const { lotteries } = lottoAvailableSchema.parse((await me.call('GET', AVAILABLE)).json());
    const linePrice = lotteries.find((lottery) => lottery.code === 'powerball')?.linePrice;
    expect(linePrice?.amount).toMatch(/^\d+\.\d{8}$/);
    const order = { code: 'powerball', lines: [quickPick(LOTTERIES.powerball.format)], kind: 'default' };
    const bought = await me.call('POST', TICKETS, { [KEY]: 'lotto-mbtc-000001' }, order);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(ticketSchema.parse(bought.json()).price).toEqual(linePrice);
    const { tickets } = ticketsSchema.parse((await me.call('GET', TICKETS)).json());
    expect(tickets[0]?.price).toEqual(linePrice);
  });

  test('sales close five minutes before the draw; a drawn ticket is settled once, win or loss', async () => {
    const drawAt = nextDrawTime(LOTTERIES.fantasy5, Date.now());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(drawAt - SALES_CLOSE_MS - 60_000));
    const me = await newPlayer(server, { like: 1 });
    const order = { code: 'fantasy5', lines: [{ main: [1, 2, 3, 4, 5], bonus: [] }], kind: 'default' };
    const bought = await me.call('POST', TICKETS, { [KEY]: 'lotto-0000000006' }, order);
    expect(bought.statusCode).toBe(200);
    vi.setSystemTime(new Date(drawAt - SALES_CLOSE_MS + 1));
    const late = await me.call('POST', TICKETS, { [KEY]: 'lotto-0000000007' }, order);
    expect([late.statusCode, late.json().message]).toEqual([409, 'Sales for this draw have closed; try the next one']);
    vi.setSystemTime(new Date(drawAt + 60_000));
    const after = ticketsSchema.parse((await me.call('GET', TICKETS)).json());
    const ticket = after.tickets.find((t) => t.id === bought.json().id);
    expect(ticket?.status === 'win' || ticket?.status === 'loss').toBe(true);
    expect(ticket).toMatchObject({ circulation: 'lastCirculation' });
    expect(ticket?.result?.main).toHaveLength(5);
    const twice = ticketsSchema.parse((await me.call('GET', TICKETS)).json());
    expect(twice.tickets.find((t) => t.id === ticket?.id)?.won).toEqual(ticket?.won);
  });

  test("demo.player's seeded history: a win, a loss and a pending ticket", async () => {
    const me = await signedInCaller(server, 0);
    const { tickets } = ticketsSchema.parse((await me.call('GET', TICKETS)).json());
    expect(tickets.map((t) => [t.code, t.status])).toEqual(
      expect.arrayContaining([
        ['powerball', 'win'],
        ['euromillions', 'loss'],
        ['AUS6', 'pending'],
      ]),
    );
    expect(tickets.find((t) => t.code === 'powerball')?.won).toEqual({ amount: '100.00', currencyCode: 'USD' });
  });
});
