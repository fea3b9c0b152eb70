import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { promotions, users } from '../db/schema.ts';
import { nextDrawAt, WEEK_MS, weeklyJackpot } from '../domain/jackpot.ts';
import { DAY_MS } from '../domain/time.ts';
import { openSeededDatabase } from '../testing.ts';
import { seedDemoHistory } from './demo-history.ts';
import { NOT_A_PASSWORD } from './demo-users.ts';
import { seedPromotions } from './promotions.ts';
import { rivalJackpotBets, seedRivals } from './rivals.ts';

// jackpot-of-week: drawn on Sundays at 20:00 UTC; its page lists the open draw and the 3 before it.
const JACKPOT = 124;
const HOUR_MS = 3600_000;

/** A draw's day as the page writes it (dd.MM). */
const dayMonth = (unixSeconds: number) => {
  const [, month, day] = new Date(unixSeconds * 1000).toISOString().slice(0, 10).split('-');
  return `${day}.${month}`;
};

/**
 * The demo started (seeded again, as at each start) at these moments, weeks apart so that each
 * reads only its own weeks: the days of the draws the page lists then, the open one first. On a
 * Sunday before the draw the last drawn week had no ticket: the rivals' tournament bets of the
 * last 7 days no longer reached back past it, and the page said "nobody won". (A seed takes
 * seconds: the other hours of the week are the next test's, on the rivals' jackpot bets alone.)
 */
const STARTS = [
  {
    start: 'on Sunday at 18:47, before the draw',
    at: '2040-03-04T18:47:00Z',
    days: ['04.03', '26.02', '19.02', '12.02'],
  },
  { start: 'on Sunday at 20:00, the draw', at: '2040-05-27T20:00:00Z', days: ['03.06', '27.05', '20.05', '13.05'] },
  {
    start: 'on Wednesday at 10:00 (the screenshots’ clock)',
    at: '2040-07-11T10:00:00Z',
    days: ['15.07', '08.07', '01.07', '24.06'],
  },
];

describe('the demo weekly jackpot', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openSeededDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  test.for(STARTS)(
    'started $start, every past draw it lists names its winner',
    { timeout: 60_000 },
    async ({ at, days }) => {
      const now = new Date(at);
      const { db } = database;
      // The seed's dated parts (seed/index.ts), at that moment.
      await seedPromotions(db, undefined, now.getTime());
      await seedRivals(db, now);
      await seedDemoHistory(db, now);

      const { draws } = await weeklyJackpot(db, JACKPOT, null, 'USD', now);
      // What the page shows of each draw: its day, and "Won by al***_k" or "No tickets that week".
      expect(
        draws.map((draw) => ({
          day: dayMonth(draw.drawAt),
          status: draw.status,
          wonBy: draw.winners[0]?.name ?? null,
        })),
      ).toEqual(
        days.map((day, index) =>
          index === 0
            ? { day, status: 'open', wonBy: null }
            : { day, status: 'drawn', wonBy: expect.stringMatching(/^\S{1,2}\*\*\*\S{0,2}$/) },
        ),
      );
    },
  );

  test('at every hour of the week and the seconds around the draw, the rivals bet in each drawn week the page lists, in the past', async () => {
    const { db } = database;
    const [jackpot] = await db.select().from(promotions).where(eq(promotions.id, JACKPOT));
    const rivals = await db.select({ id: users.id }).from(users).where(eq(users.passwordHash, NOT_A_PASSWORD));
    if (!jackpot) throw new Error('no jackpot-of-week in the seed');
    const monday = Date.parse('2040-09-03T00:00:00Z');
    const sundayDraw = monday + 6 * DAY_MS + 20 * HOUR_MS;
    const moments = [
      ...Array.from({ length: 7 * 24 }, (_, hour) => monday + hour * HOUR_MS),
      sundayDraw - 1000,
      sundayDraw,
      sundayDraw + 1000,
    ];
    const wrong = moments.flatMap((moment) => {
      const now = new Date(moment);
      const open = nextDrawAt(jackpot, now).getTime();
      const bets = rivalJackpotBets(jackpot, rivals, now);
      const drawsOf = bets.map((bet) => nextDrawAt(jackpot, new Date(bet.settledAt)).getTime());
      const perDraw = [1, 2, 3].map((week) => drawsOf.filter((draw) => draw === open - week * WEEK_MS).length);
      const late = bets.filter((bet) => Date.parse(bet.settledAt) >= moment).length;
      return perDraw.every((count) => count === rivals.length / 3) && late === 0 && drawsOf.length === rivals.length
        ? []
        : [{ at: now.toISOString(), perDraw, late }];
    });
    expect(rivals).toHaveLength(30);
    expect(wrong).toEqual([]);
  });
});
