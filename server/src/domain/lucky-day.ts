import { createHash } from 'node:crypto';
import {
  type BetSeriesTable,
  LUCKY_DAY_DRAW_HOUR_UTC,
  type LuckyDraw,
  type LuckyTicket,
  type LuckyTickets,
  type PromoPrize,
} from '@promo/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { betSeriesProgress, luckyDayTickets, users } from '../db/schema.ts';
import { httpError } from '../http-error.ts';
import type { Transaction } from './idempotency.ts';
import { promotionStatus, promotionWithTemplate } from './promotions.ts';
import { unixSeconds, utcDay } from './time.ts';
import { maskNickname } from './tournaments.ts';

type Executor = Database | Transaction;
type Prize = Omit<PromoPrize, 'places'>;

export const drawTime = (day: string): Date =>
  new Date(`${day}T${String(LUCKY_DAY_DRAW_HOUR_UTC).padStart(2, '0')}:00:00Z`);

const findDraw = (db: Executor, promotionId: number) =>
  promotionWithTemplate(db, promotionId, 'lucky-day', 'Lucky-day draw');
type Draw = Awaited<ReturnType<typeof findDraw>>;

/** The prize of a place from the promotion's table ("1", "2-5", ...), null past the last place. */
function prizeOf(prizes: Array<Omit<PromoPrize, 'currencyCode'>>, place: number, currencyCode: string): Prize | null {
  for (const { places, amount, kind } of prizes) {
    const [from, to = from] = places.split('-').map(Number);
    if (from !== undefined && to !== undefined && place >= from && place <= to) return { kind, amount, currencyCode };
  }
  return null;
}

/**
 * Winners of a drawn day: every ticket ordered by the hash of (promotion, day, number), so the
 * order is fixed once ticket sales close at the draw time and nobody can choose a winning number.
 */
async function drawOrder(db: Executor, promotionId: number, day: string) {
  const rows = await db
    .select({ ticketId: luckyDayTickets.ticketId, userId: luckyDayTickets.userId, login: users.login })
    .from(luckyDayTickets)
    .innerJoin(users, eq(users.id, luckyDayTickets.userId))
    .where(and(eq(luckyDayTickets.promotionId, promotionId), eq(luckyDayTickets.day, day)))
    .orderBy(asc(luckyDayTickets.ticketId));
  const rank = (ticketId: number) => createHash('sha256').update(`${promotionId}:${day}:${ticketId}`).digest('hex');
  return rows
    .map((row) => ({ ...row, rank: rank(row.ticketId) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : 1))
    .map((row, index) => ({ ...row, place: index + 1 }));
}

export async function luckyDraw(
  db: Database,
  promotionId: number,
  day: string,
  me: number | null,
  now = new Date(),
): Promise<LuckyDraw> {
  const promotion = await findDraw(db, promotionId);
  const drawAt = drawTime(day);
  const order = await drawOrder(db, promotionId, day);
  const drawn = drawAt <= now;
  const prizes = promotion.prizes as Array<Omit<PromoPrize, 'currencyCode'>>;
  const winners = drawn
    ? order.flatMap((row) => {
        const prize = prizeOf(prizes, row.place, promotion.currencyCode);
        return prize
          ? [
              {
                place: row.place,
                ticketId: row.ticketId,
                name: maskNickname(row.login),
                isMe: row.userId === me,
                prize,
              },
            ]
          : [];
      })
    : [];
  return {
    promoId: promotionId,
    day,
    drawAt: unixSeconds(drawAt),
    status: drawn ? 'drawn' : 'open',
    tickets: order.length,
    winners,
  };
}

export async function luckyTickets(
  db: Executor,
  promotionId: number,
  day: string,
  userId: number,
  now = new Date(),
): Promise<LuckyTickets> {
  return ticketsOf(db, await findDraw(db, promotionId), day, userId, now);
}

/** The player's tickets of one day in a draw already looked up. */
async function ticketsOf(db: Executor, promotion: Draw, day: string, userId: number, now: Date): Promise<LuckyTickets> {
  const drawn = drawTime(day) <= now;
  const order = await drawOrder(db, promotion.id, day);
  const prizes = promotion.prizes as Array<Omit<PromoPrize, 'currencyCode'>>;
  const tickets: LuckyTicket[] = order
    .filter((row) => row.userId === userId)
    .map((row) => {
      const prize = drawn ? prizeOf(prizes, row.place, promotion.currencyCode) : null;
      return {
        ticketId: row.ticketId,
        day,
        state: !drawn ? 'pending' : prize ? 'win' : 'loss',
        place: drawn && prize ? row.place : null,
        prize,
      };
    });
  return { day, tickets };
}

/** Enters the player's lucky number in today's draw: once a day, before the draw, each number once. */
export async function takeTicket(
  tx: Transaction,
  input: { promotionId: number; ticketId: number; userId: number },
  now = new Date(),
): Promise<LuckyTickets> {
  const promotion = await findDraw(tx, input.promotionId);
  if (promotionStatus(promotion, now) !== 'active') throw httpError(409, 'This promotion is not running');
  const day = utcDay(now);
  if (drawTime(day) <= now) throw httpError(409, "Today's draw is closed; come back tomorrow");
  const [mine] = await tx
    .select({ ticketId: luckyDayTickets.ticketId })
    .from(luckyDayTickets)
    .where(
      and(
        eq(luckyDayTickets.promotionId, input.promotionId),
        eq(luckyDayTickets.day, day),
        eq(luckyDayTickets.userId, input.userId),
      ),
    );
  if (mine) throw httpError(409, `You already have ticket ${mine.ticketId} in today's draw`);
  const inserted = await tx
    .insert(luckyDayTickets)
    .values({ promotionId: input.promotionId, day, ticketId: input.ticketId, userId: input.userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ ticketId: luckyDayTickets.ticketId });
  if (inserted.length === 0) throw httpError(409, `Number ${input.ticketId} is taken today; pick another`);
  return ticketsOf(tx, promotion, day, input.userId, now);
}

/** Free bets by the length of the winning streak. */
const BET_SERIES_STEPS = [
  { wins: 3, amount: '5' },
  { wins: 5, amount: '20' },
  { wins: 7, amount: '50' },
  { wins: 10, amount: '150' },
];

export async function betSeriesTable(
  db: Database,
  promotionId: number,
  userId: number | null,
): Promise<BetSeriesTable> {
  const promotion = await promotionWithTemplate(db, promotionId, 'bet-series', 'Bet series');
  const [row] =
    userId === null
      ? []
      : await db
          .select()
          .from(betSeriesProgress)
          .where(and(eq(betSeriesProgress.promotionId, promotionId), eq(betSeriesProgress.userId, userId)));
  return {
    steps: BET_SERIES_STEPS.map(({ wins, amount }) => ({
      wins,
      prize: { kind: 'freebet' as const, amount, currencyCode: promotion.currencyCode },
    })),
    progress: userId === null ? null : { current: row?.current ?? 0, best: row?.best ?? 0 },
  };
}
