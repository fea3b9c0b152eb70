import {
  JACKPOT_DRAWS_SHOWN,
  JACKPOT_WINNERS_SHOWN,
  type JackpotDraw,
  type PrizeKind,
  ticketRank,
  toDecimal,
  type WeeklyJackpot,
} from '@promo/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import { jackpotTickets, type promotions, users } from '../db/schema.ts';
import { httpError } from '../http-error.ts';
import { fromUsd, offerCurrency } from './currencies.ts';
import { drawSeed } from './lucky-day.ts';
import { prizeOf, promotionWithTemplate } from './promotions.ts';
import { DAY_MS, unixSeconds, utcDay } from './time.ts';
import { maskNickname } from './tournaments.ts';

type Row = typeof promotions.$inferSelect;

/** The share of each qualifying stake that goes into the week's jackpot. */
export const JACKPOT_STAKE_SHARE = '0.01';
/** A week: from one draw to the next. */
export const WEEK_MS = 7 * DAY_MS;

/** The draw's weekday and UTC time: the content's weekly window (Sunday 20:00 by default). */
function drawClock(promo: Pick<Row, 'content'>): { weekday: number; minutes: number } {
  const weekly = (promo.content as { weekly?: { weekdays: number[]; from: string } }).weekly;
  const [hours = 20, mins = 0] = (weekly?.from ?? '20:00').split(':').map(Number);
  return { weekday: weekly?.weekdays[0] ?? 0, minutes: hours * 60 + mins };
}

/** The first draw strictly after `at`: a bet settled at the draw's minute plays the next one. */
export function nextDrawAt(promo: Pick<Row, 'content'>, at: Date): Date {
  const { weekday, minutes } = drawClock(promo);
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const ahead = (weekday - new Date(day).getUTCDay() + 7) % 7;
  const candidate = day + ahead * DAY_MS + minutes * 60_000;
  return new Date(candidate > at.getTime() ? candidate : candidate + WEEK_MS);
}

/** The jackpot of a draw, in dollars: the promotion's first prize plus the share of its stakes. */
function jackpotUsd(promo: Row, stakesUsd: string): string {
  const base = prizeOf(promo, 1)?.amount ?? '0';
  return toDecimal(base).plus(toDecimal(stakesUsd).times(JACKPOT_STAKE_SHARE)).round(2, 0).toFixed(2);
}

/** A drawn week's players in place order, and the number of tickets it was drawn from. */
type DrawnOrder = { tickets: number; order: Array<{ userId: number; login: string; place: number }> };

/**
 * A drawn week's order is kept once computed, per database, with its number of tickets: a week
 * can still gain one after its draw was first read. A batch of the operator feed that began
 * before the draw puts its bets in that week, and may commit after that first reading, which
 * comes at the draw's second (an open page reads the draw again when its countdown ends). Kept
 * as it was, the week would count the late ticket and leave it out of the order: "nobody won"
 * under a week with a ticket, or a winner the revealed seed does not prove. Another number of
 * tickets computes the order again, from all of them.
 */
const drawnOrders = perDatabase<string, DrawnOrder>();

/**
 * The players of a drawn week in place order: every ticket ranked by sha256(seed:id), each player
 * placed once, by their best ticket. `tickets`: how many the week has, as just counted.
 */
async function drawOrder(db: Database, promo: Row, drawAt: Date, seed: string, tickets: number) {
  const key = `${promo.id}:${drawAt.toISOString()}`;
  const known = drawnOrders(db);
  const cached = known.get(key);
  if (cached?.tickets === tickets) return cached.order;
  const rows = await db
    .select({ id: jackpotTickets.id, userId: jackpotTickets.userId, login: users.login })
    .from(jackpotTickets)
    .innerJoin(users, eq(users.id, jackpotTickets.userId))
    .where(and(eq(jackpotTickets.promotionId, promo.id), eq(jackpotTickets.drawAt, drawAt)))
    .orderBy(asc(jackpotTickets.id));
  const ranks = await Promise.all(rows.map((ticket) => ticketRank(seed, ticket.id)));
  const seen = new Set<number>();
  const order = rows
    .map((ticket, i) => ({ ...ticket, rank: ranks[i] ?? '' }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .filter((ticket) => !seen.has(ticket.userId) && Boolean(seen.add(ticket.userId)))
    .map((ticket, index) => ({ userId: ticket.userId, login: ticket.login, place: index + 1 }));
  known.set(key, { tickets: rows.length, order });
  return order;
}

/** GET jackpot: the open draw and the last drawn weeks, money in the asked currency. */
export async function weeklyJackpot(
  db: Database,
  promotionId: number,
  me: number | null,
  currency: string,
  now = new Date(),
  preview?: string,
): Promise<WeeklyJackpot> {
  const promo = await promotionWithTemplate(db, promotionId, 'lucky-day', 'Weekly jackpot', preview);
  if (promo.mechanic !== 'weekly-jackpot') throw httpError(404, `Weekly jackpot ${promotionId} not found`, 'not_found');
  const currencyCode = offerCurrency(currency);
  const inCurrency = (usd: string) => ({ amount: fromUsd(usd, currencyCode), currencyCode });
  const open = nextDrawAt(promo, now);
  const draws: JackpotDraw[] = [];
  for (let k = 0; k < JACKPOT_DRAWS_SHOWN; k += 1) {
    const drawAt = new Date(open.getTime() - k * WEEK_MS);
    // No draws from before the promotion began.
    if (k > 0 && drawAt < promo.startsAt) break;
    const [totals] = await db
      .select({
        tickets: count(),
        stakes: sql<string>`coalesce(sum(${jackpotTickets.stakeUsd}), 0)::numeric(14,2)::text`,
        mine: sql<number>`count(*) filter (where ${jackpotTickets.userId} = ${me ?? -1})::int`,
      })
      .from(jackpotTickets)
      .where(and(eq(jackpotTickets.promotionId, promotionId), eq(jackpotTickets.drawAt, drawAt)));
    // The week's secret seed, kept beside the lucky-day draws' under its own key.
    const { seed, seedHash } = await drawSeed(db, promotionId, `jackpot:${utcDay(drawAt)}`);
    const drawn = drawAt <= now;
    const jackpot = jackpotUsd(promo, totals?.stakes ?? '0');
    const order = drawn ? await drawOrder(db, promo, drawAt, seed, totals?.tickets ?? 0) : [];
    const prizeAt = (place: number) => {
      if (place === 1) return { kind: 'cash' as PrizeKind, ...inCurrency(jackpot) };
      const prize = prizeOf(promo, place);
      if (!prize) return null;
      const money = prize.kind !== 'freespins' && prize.kind !== 'points';
      return money ? { kind: prize.kind, ...inCurrency(prize.amount) } : prize;
    };
    draws.push({
      drawAt: unixSeconds(drawAt),
      status: drawn ? 'drawn' : 'open',
      jackpot: inCurrency(jackpot),
      tickets: totals?.tickets ?? 0,
      mine: me === null ? null : (totals?.mine ?? 0),
      myPlace: order.find((row) => row.userId === me && prizeAt(row.place))?.place ?? null,
      seedHash,
      seed: drawn ? seed : null,
      winners: order.slice(0, JACKPOT_WINNERS_SHOWN).flatMap((row) => {
        const prize = prizeAt(row.place);
        return prize ? [{ place: row.place, name: maskNickname(row.login), isMe: row.userId === me, prize }] : [];
      }),
    });
  }
  return { draws };
}
