import { describe, expect, test } from 'vitest';
import type { LotterySummary, Ticket } from './api.ts';
import { drawBucket, filterTickets, sortLotteries } from './list.ts';
import { drawTimesBetween, LOTTERIES, LOTTERY_CODES, nextDrawTime } from './lotteries.ts';
import { fromUsdAt, lineErrors, prizeTiers, quickPick, ticketPrice, ticketPriceUsd, tierOdds, tierOf } from './play.ts';

/** A seeded [0, 1) generator, so the quick-pick runs are repeatable. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('number validation per lottery', () => {
  test.each(LOTTERY_CODES)('%s: 500 quick picks are valid; broken lines say why', (code) => {
    const { format } = LOTTERIES[code];
    const random = mulberry32(code.length * 7919);
    for (let i = 0; i < 500; i += 1) expect(lineErrors(format, quickPick(format, random))).toEqual([]);
    const line = quickPick(format, random);
    expect(lineErrors(format, { ...line, main: line.main.slice(1) })).toContainEqual({
      code: 'count',
      pool: 'main',
      expected: format.main.count,
      actual: format.main.count - 1,
    });
    const outside = [...line.main.slice(1), format.main.max + 1];
    expect(lineErrors(format, { ...line, main: outside })).toContainEqual(
      expect.objectContaining({ code: 'range', pool: 'main', number: format.main.max + 1 }),
    );
    const twice = [...line.main.slice(1), line.main[1] as number];
    expect(lineErrors(format, { ...line, main: twice })).toContainEqual({
      code: 'duplicate',
      pool: 'main',
      number: line.main[1],
    });
    const bonusPool = format.bonus;
    if (bonusPool) {
      expect(lineErrors(format, { ...line, bonus: [] })).toContainEqual(
        expect.objectContaining({ code: 'count', pool: 'bonus' }),
      );
      expect(lineErrors(format, { ...line, bonus: line.bonus.map(() => bonusPool.min - 1) })[0]).toMatchObject({
        code: 'range',
        pool: 'bonus',
      });
    } else {
      expect(lineErrors(format, { ...line, bonus: [1] })).toContainEqual(
        expect.objectContaining({ code: 'count', pool: 'bonus' }),
      );
    }
  });

  test('a bonus pool may start at 0 (German Superzahl, Spanish reintegro)', () => {
    expect(lineErrors(LOTTERIES.GER6.format, { main: [1, 2, 3, 4, 5, 6], bonus: [0] })).toEqual([]);
    expect(lineErrors(LOTTERIES.powerball.format, { main: [1, 2, 3, 4, 5], bonus: [0] })[0]).toMatchObject({
      code: 'range',
    });
  });
});

describe('draws, prices and prizes', () => {
  test('every lottery draws on its weekdays at its time; the next draw is strictly later', () => {
    const monday = Date.UTC(2026, 10, 23);
    for (const code of LOTTERY_CODES) {
      const lottery = LOTTERIES[code];
      const week = drawTimesBetween(lottery, monday, monday + 7 * 86_400_000);
      expect(week).toHaveLength(lottery.drawDays.length);
      for (const at of week) expect(new Date(at).toISOString().slice(11, 16)).toBe(lottery.drawTime);
      expect(nextDrawTime(lottery, week[0] as number)).toBe(week[1] ?? (week[0] as number) + 7 * 86_400_000);
    }
  });

  test('prices: lines times the line price, half as much again for an additional ticket', () => {
    expect(ticketPriceUsd(LOTTERIES.powerball, 3, 'default')).toBe('6.00');
    expect(ticketPriceUsd(LOTTERIES.powerball, 3, 'additional')).toBe('9.00');
    expect(ticketPriceUsd(LOTTERIES.eurojackpot, 1, 'default')).toBe('2.20');
    // 0.1 + 0.2 is not 0.3 in floats; a price is exact: 3 lines of 0.35, half as much again.
    expect(ticketPrice('0.35', 3, 'additional')).toBe('1.58');
    expect(ticketPrice('0.35', 3, 'default', 4)).toBe('1.0500');
    // The page converts the dollar price as the server does: 10 Eurojackpot lines ($22) at 0.92 per
    // dollar are 20.24 euros (not 10 rounded line prices of 2.02).
    expect(fromUsdAt(ticketPriceUsd(LOTTERIES.eurojackpot, 10, 'default'), '0.92', 'EUR')).toBe('20.24');
    expect(fromUsdAt('2.20', '0.011', 'mBTC')).toBe('0.02420000');
  });

  test('prize tiers: the jackpot on top, then falling with the matches', () => {
    const tiers = prizeTiers(LOTTERIES.powerball);
    expect(tiers[0]).toEqual({ main: 5, bonus: 1, jackpot: true, prizeUsd: 0 });
    expect(tiers[1]).toEqual({ main: 5, bonus: 0, jackpot: false, prizeUsd: 1_000_000 });
    const result = { main: [1, 2, 3, 4, 5], bonus: [9] };
    expect(tierOf(LOTTERIES.powerball, { main: [1, 2, 3, 4, 5], bonus: [9] }, result)?.jackpot).toBe(true);
    expect(tierOf(LOTTERIES.powerball, { main: [1, 2, 3, 40, 50], bonus: [9] }, result)).toMatchObject({
      main: 3,
      bonus: 1,
    });
    expect(tierOf(LOTTERIES.powerball, { main: [1, 2, 3, 40, 50], bonus: [8] }, result)).toMatchObject({
      main: 3,
      bonus: 0,
    });
    expect(tierOf(LOTTERIES.powerball, { main: [1, 20, 30, 40, 50], bonus: [8] }, result)).toBeNull();
    // Powerball pays the red ball alone; EuroMillions tells one Lucky Star from two.
    expect(tierOf(LOTTERIES.powerball, { main: [10, 20, 30, 40, 50], bonus: [9] }, result)?.prizeUsd).toBe(4);
    const stars = { main: [1, 2, 3, 4, 5], bonus: [1, 2] };
    expect(tierOf(LOTTERIES.euromillions, { main: [1, 2, 3, 40, 50], bonus: [1, 12] }, stars)).toMatchObject({
      main: 3,
      bonus: 1,
      prizeUsd: 15,
    });
    // La Primitiva's lower tiers do not depend on the reintegro.
    const primitiva = { main: [1, 2, 3, 4, 5, 6], bonus: [7] };
    expect(tierOf(LOTTERIES.SPL, { main: [1, 2, 3, 4, 40, 41], bonus: [7] }, primitiva)?.prizeUsd).toBe(60);
    expect(tierOf(LOTTERIES.SPL, { main: [1, 2, 3, 4, 40, 41], bonus: [0] }, primitiva)?.prizeUsd).toBe(60);
  });

  test.each(LOTTERY_CODES)('%s has its own prize table: the jackpot first, tiers it can reach, none twice', (code) => {
    const lottery = LOTTERIES[code];
    const { main, bonus } = lottery.format;
    const tiers = prizeTiers(lottery);
    expect(tiers[0]).toMatchObject({ main: main.count, bonus: bonus?.count ?? 0, jackpot: true });
    expect(tiers.filter((tier) => tier.jackpot)).toHaveLength(1);
    const keys = tiers.map((tier) => `${tier.main}+${tier.bonus}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const tier of tiers) {
      expect(tier.main).toBeGreaterThanOrEqual(0);
      expect(tier.main).toBeLessThanOrEqual(main.count);
      if (tier.bonus !== null) expect(tier.bonus).toBeLessThanOrEqual(bonus?.count ?? 0);
      // "Any bonus" only where no tier of the same main count names one.
      if (tier.bonus === null) expect(tiers.filter((other) => other.main === tier.main)).toHaveLength(1);
      if (!tier.jackpot) expect(tier.prizeUsd).toBeGreaterThan(0);
    }
  });
});

describe('list order, ticket filter and draw buckets', () => {
  const summary = (code: LotterySummary['code'], popularity: number, nextDrawAt: number, jackpot: string) => ({
    code,
    popularity,
    nextDrawAt,
    jackpot: { amount: jackpot, currencyCode: 'USD' },
    linePrice: { amount: '1', currencyCode: 'USD' },
    usdRate: '1',
  });
  const list = [
    summary('powerball', 100, 300, '20000000'),
    summary('fantasy5', 44, 100, '100000'),
    summary('GER6', 81, 200, '90000000'),
  ];

  test('sorts by popularity, draw date or jackpot amount', () => {
    expect(sortLotteries(list, 'POPULARITY').map((l) => l.code)).toEqual(['powerball', 'GER6', 'fantasy5']);
    expect(sortLotteries(list, 'DRAW_DATE').map((l) => l.code)).toEqual(['fantasy5', 'GER6', 'powerball']);
    expect(sortLotteries(list, 'JACKPOT_AMOUNT').map((l) => l.code)).toEqual(['GER6', 'powerball', 'fantasy5']);
    expect(list.map((l) => l.code)).toEqual(['powerball', 'fantasy5', 'GER6']);
  });

  test('filters tickets: all, drawn, undrawn, winning, losing', () => {
    const ticket = (id: number, status: Ticket['status']) => ({ id, status }) as Ticket;
    const tickets = [ticket(1, 'pending'), ticket(2, 'win'), ticket(3, 'loss')];
    const ids = (filter: Parameters<typeof filterTickets>[1]) => filterTickets(tickets, filter).map((t) => t.id);
    expect(ids('ALL')).toEqual([1, 2, 3]);
    expect(ids('PLAYED')).toEqual([2, 3]);
    expect(ids('NOT_PLAYED')).toEqual([1]);
    expect(ids('WIN')).toEqual([2]);
    expect(ids('LOSS')).toEqual([3]);
  });

  test('draw buckets: 0-2 h, 2-4 h, over 4 h', () => {
    const hour = 3_600_000;
    expect(drawBucket(hour, 0)).toBe('0-2h');
    expect(drawBucket(2 * hour, 0)).toBe('2-4h');
    expect(drawBucket(4 * hour - 1, 0)).toBe('2-4h');
    expect(drawBucket(4 * hour, 0)).toBe('4h+');
  });
});

describe('tier odds', () => {
  test('Powerball and EuroMillions match their published odds', () => {
    const odds = (code: 'powerball' | 'euromillions', main: number, bonus: number) =>
      tierOdds(LOTTERIES[code], { main, bonus });
    expect(odds('powerball', 5, 1)).toBe(292_201_338n);
    expect(odds('powerball', 5, 0)).toBe(11_688_054n);
    expect(odds('powerball', 4, 1)).toBe(913_129n);
    expect(odds('powerball', 4, 0)).toBe(36_525n);
    expect(odds('powerball', 3, 1)).toBe(14_494n);
    expect(odds('powerball', 3, 0)).toBe(580n);
    expect(odds('powerball', 2, 1)).toBe(701n);
    expect(odds('euromillions', 5, 2)).toBe(139_838_160n);
  });

  test.each(LOTTERY_CODES)('%s: the jackpot is one of all the outcomes; every tier is likelier', (code) => {
    const lottery = LOTTERIES[code];
    const { main, bonus } = lottery.format;
    const count = (pool: { count: number; min: number; max: number }) => {
      let n = 1n;
      for (let i = 0; i < pool.count; i += 1) n = (n * BigInt(pool.max - pool.min + 1 - i)) / BigInt(i + 1);
      return n;
    };
    const all = count(main) * (bonus ? count(bonus) : 1n);
    const tiers = prizeTiers(lottery);
    expect(tierOdds(lottery, tiers[0] as (typeof tiers)[number])).toBe(all);
    for (const tier of tiers.slice(1)) {
      const odds = tierOdds(lottery, tier);
      expect(odds).toBeGreaterThan(1n);
      expect(odds).toBeLessThan(all);
    }
  });
});
