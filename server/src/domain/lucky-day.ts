import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  type BetSeriesTable,
  LUCKY_DAY_DRAW_HOUR_UTC,
  type LuckyDraw,
  type LuckyTicket,
  type LuckyTickets,
  type PrizeKind,
  ticketRank,
} from '@promo/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { betSeriesProgress, luckyDayDraws, luckyDayTickets, serverSecrets, users } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { assertRunning, prizeOf, promotionWithTemplate } from './promotions.ts';
import { unixSeconds, utcDay } from './time.ts';
import { maskNickname } from './tournaments.ts';

type Executor = Database | Transaction;

export const drawTime = (day: string): Date =>
  new Date(`${day}T${String(LUCKY_DAY_DRAW_HOUR_UTC).padStart(2, '0')}:00:00Z`);

const findDraw = (db: Executor, promotionId: number, preview?: string) =>
  promotionWithTemplate(db, promotionId, 'lucky-day', 'Lucky-day draw', preview);
type Draw = Awaited<ReturnType<typeof findDraw>>;

/** The secret the draws' seeds are derived from, one per database (so every instance draws alike). */
const DRAW_KEY = 'draw-seed-hmac';

/** Creates the draws' key once per database, at start-up (seed): reading a draw writes nothing. */
export async function ensureDrawKey(db: Database): Promise<void> {
  await db
    .insert(serverSecrets)
    .values({ name: DRAW_KEY, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
}

/**
 * The secret seed of a day's draw and its public hash: HMAC-SHA256 of the draw under the server's
 * draw key, so it is fixed (and its hash can be published) before any ticket is sold, is revealed
 * only once the draw is done, and tells nothing of another day's. Reading it writes nothing, so a
 * GET of any day costs no row (issue 38). A seed committed by an earlier version (a stored row)
 * stays that day's seed: its hash was published.
 */
export async function drawSeed(db: Executor, promotionId: number, day: string) {
  const [stored] = await db
    .select({ seed: luckyDayDraws.seed, seedHash: luckyDayDraws.seedHash })
    .from(luckyDayDraws)
    .where(and(eq(luckyDayDraws.promotionId, promotionId), eq(luckyDayDraws.day, day)));
  if (stored) return stored;
  const [key] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, DRAW_KEY));
  if (!key) throw new Error('the draw key is missing: the start-up seed creates it (ensureDrawKey)');
  const seed = createHmac('sha256', Buffer.from(key.value, 'base64')).update(`${promotionId}:${day}`).digest('hex');
  return { seed, seedHash: createHash('sha256').update(seed).digest('hex') };
}

/**
 * The day a draw is asked for: one within its promotion's run (its first to its last UTC day),
 * else a 400 `draw_day_out_of_range`; unnamed, today's, or the run's nearest day once it has ended
 * or before it starts.
 */
function drawDay(promotion: Draw, requested: string | undefined, now: Date): string {
  const first = utcDay(promotion.startsAt);
  const last = promotion.endsAt ? utcDay(new Date(promotion.endsAt.getTime() - 1)) : null;
  if (requested === undefined) {
    const today = utcDay(now);
    if (today < first) return first;
    return last && today > last ? last : today;
  }
  if (requested < first || (last && requested > last)) {
    throw httpError(
      400,
      `No draw on ${requested}: the promotion draws from ${first}${last ? ` to ${last}` : ''}`,
      'draw_day_out_of_range',
      { day: requested },
    );
  }
  return requested;
}

/**
 * Winners of a drawn day: every ticket ordered by its rank under the day's secret seed, which is
 * committed (its hash published) before tickets are sold and revealed after the draw, so nobody can
 * choose a winning number and anyone can check the order afterwards.
 */
async function drawOrder(db: Executor, promotionId: number, day: string) {
  const { seed, seedHash } = await drawSeed(db, promotionId, day);
  const rows = await db
    .select({ ticketId: luckyDayTickets.ticketId, userId: luckyDayTickets.userId, login: users.login })
    .from(luckyDayTickets)
    .innerJoin(users, eq(users.id, luckyDayTickets.userId))
    .where(and(eq(luckyDayTickets.promotionId, promotionId), eq(luckyDayTickets.day, day)))
    .orderBy(asc(luckyDayTickets.ticketId));
  const ranks = await Promise.all(rows.map((row) => ticketRank(seed, row.ticketId)));
  const ranked = rows
    .map((row, i) => ({ ...row, rank: ranks[i] ?? '' }))
    .sort((a, b) => (a.rank < b.rank ? -1 : 1))
    .map((row, index) => ({ ...row, place: index + 1 }));
  return { seed, seedHash, ranked };
}

export async function luckyDraw(
  db: Database,
  promotionId: number,
  requestedDay: string | undefined,
  me: number | null,
  now = new Date(),
  preview?: string,
): Promise<LuckyDraw> {
  const promotion = await findDraw(db, promotionId, preview);
  const day = drawDay(promotion, requestedDay, now);
  const drawAt = drawTime(day);
  const { seed, seedHash, ranked: order } = await drawOrder(db, promotionId, day);
  const drawn = drawAt <= now;
  const winners = drawn
    ? order.flatMap((row) => {
        const prize = prizeOf(promotion, row.place);
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
    seedHash,
    seed: drawn ? seed : null,
    winners,
  };
}

export async function luckyTickets(
  db: Executor,
  promotionId: number,
  requestedDay: string | undefined,
  userId: number,
  now = new Date(),
): Promise<LuckyTickets> {
  const promotion = await findDraw(db, promotionId);
  return ticketsOf(db, promotion, drawDay(promotion, requestedDay, now), userId, now);
}

/** The player's tickets of one day in a draw already looked up. */
async function ticketsOf(db: Executor, promotion: Draw, day: string, userId: number, now: Date): Promise<LuckyTickets> {
  const drawn = drawTime(day) <= now;
  const { ranked: order } = await drawOrder(db, promotion.id, day);
  const tickets: LuckyTicket[] = order
    .filter((row) => row.userId === userId)
    .map((row) => {
      const prize = drawn ? prizeOf(promotion, row.place) : null;
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
  assertRunning(promotion, now);
  const day = utcDay(now);
  if (drawTime(day) <= now) throw httpError(409, "Today's draw is closed; come back tomorrow", 'draw_closed');
  // One ticket per player and day, each number once: both held by the table's keys, so two takes
  // at once with their own keys cannot both pass a check made before the write (issue 38).
  const inserted = await tx
    .insert(luckyDayTickets)
    .values({ promotionId: input.promotionId, day, ticketId: input.ticketId, userId: input.userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ ticketId: luckyDayTickets.ticketId });
  if (inserted.length === 0) {
    // Refused by a key: the player's own ticket of today (this number or another), or the number.
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
    if (mine)
      throw httpError(409, `You already have ticket ${mine.ticketId} in today's draw`, 'already_ticket', {
        ticket: mine.ticketId,
      });
    throw httpError(409, `Number ${input.ticketId} is taken today; pick another`, 'number_taken', {
      number: input.ticketId,
    });
  }
  return ticketsOf(tx, promotion, day, input.userId, now);
}

export async function betSeriesTable(
  db: Database,
  promotionId: number,
  userId: number | null,
  preview?: string,
): Promise<BetSeriesTable> {
  const promotion = await promotionWithTemplate(db, promotionId, 'bet-series', 'Bet series', preview);
  const [row] =
    userId === null
      ? []
      : await db
          .select()
          .from(betSeriesProgress)
          .where(and(eq(betSeriesProgress.promotionId, promotionId), eq(betSeriesProgress.userId, userId)));
  return {
    // The promotion's own ladder: each prize's place is the number of wins in a row.
    steps: (promotion.prizes as Array<{ places: string; kind: PrizeKind; amount: string }>)
      .map(({ places, kind, amount }) => ({
        wins: Number.parseInt(places, 10),
        prize: { kind, amount, currencyCode: promotion.currencyCode },
      }))
      .sort((a, b) => a.wins - b.wins),
    progress: userId === null ? null : { current: row?.current ?? 0, best: row?.best ?? 0 },
  };
}
