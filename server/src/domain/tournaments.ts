import {
  type LeaderboardRow,
  type RatingPeriod,
  type RatingType,
  TOURNAMENT_RESTRICTED_COUNTRIES,
  type Tournament,
  type TournamentResults,
  type TournamentUserResult,
  type TournamentValidation,
} from '@promo/contract';
import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, tournamentParticipants, tournamentScores, users } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { assertRunning, type PromotionRows, promotionStatus, promotionWithTemplate } from './promotions.ts';
import { DAY_MS, unixSeconds, utcDay } from './time.ts';

type Executor = Database | Transaction;

/** "alex_k" -> "al***_k": enough for a player to find themselves, not enough to identify others. */
export const maskNickname = (name: string): string =>
  name.length <= 4 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-2)}`;

const findTournament = (db: Executor, promotionId: number, preview?: string, published?: PromotionRows) =>
  promotionWithTemplate(db, promotionId, 'tournament', 'Tournament', preview, published);

/** GET tournament: its status and dates (a console preview link's version with its token) and participants. */
export async function tournamentInfo(
  db: Database,
  promotionId: number,
  now = new Date(),
  preview?: string,
  published?: PromotionRows,
): Promise<Tournament> {
  const row = await findTournament(db, promotionId, preview, published);
  const [total] = await db
    .select({ n: count() })
    .from(tournamentParticipants)
    .where(eq(tournamentParticipants.promotionId, promotionId));
  return {
    id: row.id,
    status: promotionStatus(row, now),
    startsAt: unixSeconds(row.startsAt),
    endsAt: row.endsAt ? unixSeconds(row.endsAt) : null,
    participants: total?.n ?? 0,
  };
}

/** One ranked row of a leaderboard. */
interface Standing {
  userId: number;
  nickname: string;
  points: string;
  tickets: number;
  place: number;
}

/**
 * The leaderboard of a period, ranked by the database: participants by points (or tickets), ties
 * to whoever joined first. Every participant is ranked, also those without scores yet. Callers
 * read one bounded page of it, or one player's row, never the whole board (issue 38).
 */
function rankedStandings(db: Executor, promotionId: number, options: { since?: string; by: RatingType }) {
  const scoreFilter = options.since
    ? and(eq(tournamentScores.promotionId, promotionId), gte(tournamentScores.day, options.since))
    : eq(tournamentScores.promotionId, promotionId);
  const totals = db
    .select({
      userId: tournamentScores.userId,
      points: sql<string>`sum(${tournamentScores.points})`.as('points'),
      tickets: sql<number>`sum(${tournamentScores.tickets})::int`.as('tickets'),
    })
    .from(tournamentScores)
    .where(scoreFilter)
    .groupBy(tournamentScores.userId)
    .as('totals');
  const points = sql`coalesce(${totals.points}, 0)`;
  const tickets = sql`coalesce(${totals.tickets}, 0)`;
  const order = options.by === 'tickets' ? sql`${tickets} desc, ${points} desc` : sql`${points} desc, ${tickets} desc`;
  return db
    .select({
      userId: tournamentParticipants.userId,
      nickname: tournamentParticipants.nickname,
      points: sql<string>`${points}::numeric(14,2)::text`.as('ranked_points'),
      tickets: sql<number>`${tickets}::int`.as('ranked_tickets'),
      place:
        sql<number>`(row_number() over (order by ${order}, ${tournamentParticipants.joinedAt} asc, ${tournamentParticipants.userId} asc))::int`.as(
          'place',
        ),
    })
    .from(tournamentParticipants)
    .leftJoin(totals, eq(totals.userId, tournamentParticipants.userId))
    .where(eq(tournamentParticipants.promotionId, promotionId))
    .as('ranked');
}

/** One page of a leaderboard, in place order. */
async function standingsPage(
  db: Executor,
  promotionId: number,
  options: { since?: string; by: RatingType },
  page: { offset: number; limit: number },
): Promise<Standing[]> {
  const ranked = rankedStandings(db, promotionId, options);
  const rows = await db.select().from(ranked).orderBy(asc(ranked.place)).limit(page.limit).offset(page.offset);
  return rows.map((row) => ({ ...row, tickets: Number(row.tickets), place: Number(row.place) }));
}

const toRow = (row: Standing, me: number | null): LeaderboardRow => ({
  place: row.place,
  name: maskNickname(row.nickname),
  points: row.points,
  tickets: row.tickets,
  isMe: row.userId === me,
});

/** GET tournamentresults: one page of the whole tournament's leaderboard. */
export async function tournamentResults(
  db: Database,
  promotionId: number,
  page: { offset: number; limit: number },
  me: number | null,
  preview?: string,
  published?: PromotionRows,
): Promise<TournamentResults> {
  await findTournament(db, promotionId, preview, published);
  const [rows, [total]] = await Promise.all([
    standingsPage(db, promotionId, { by: 'points' }, page),
    db.select({ n: count() }).from(tournamentParticipants).where(eq(tournamentParticipants.promotionId, promotionId)),
  ]);
  return {
    total: total?.n ?? 0,
    offset: page.offset,
    limit: page.limit,
    items: rows.map((row) => toRow(row, me)),
  };
}

/** GET tournamentusersresult: the player's place and score. */
export async function tournamentUserResult(
  db: Executor,
  promotionId: number,
  userId: number,
): Promise<TournamentUserResult> {
  await findTournament(db, promotionId);
  return standingOf(db, promotionId, userId);
}

/** The player's place and score in a tournament known to exist: their row of the ranked board. */
async function standingOf(db: Executor, promotionId: number, userId: number): Promise<TournamentUserResult> {
  const ranked = rankedStandings(db, promotionId, { by: 'points' });
  const [mine] = await db.select().from(ranked).where(eq(ranked.userId, userId));
  return mine
    ? { participating: true, place: Number(mine.place), points: mine.points, tickets: Number(mine.tickets) }
    : { participating: false, place: null, points: '0.00', tickets: 0 };
}

/** How many rows a ticket rating shows. */
const RATING_SIZE = 50;

/** GET rating/by-tickets: today, the last 7 days or the whole tournament (the top RATING_SIZE). */
export async function ticketRating(
  db: Database,
  promotionId: number,
  query: { period: RatingPeriod; ratingType: RatingType },
  me: number | null,
  now = new Date(),
  preview?: string,
  published?: PromotionRows,
) {
  await findTournament(db, promotionId, preview, published);
  const since =
    query.period === 'day'
      ? utcDay(now)
      : query.period === 'week'
        ? utcDay(new Date(now.getTime() - 6 * DAY_MS))
        : undefined;
  const rows = await standingsPage(db, promotionId, { since, by: query.ratingType }, { offset: 0, limit: RATING_SIZE });
  return { ...query, items: rows.map((row) => toRow(row, me)) };
}

/** May the player take part: not from a restricted country, and with an active account. */
export async function validateUserForTournaments(db: Executor, userId: number): Promise<TournamentValidation> {
  const [user] = await db.select({ countryCode: users.countryCode }).from(users).where(eq(users.id, userId));
  if (!user || TOURNAMENT_RESTRICTED_COUNTRIES.has(user.countryCode)) return { valid: false, reason: 'region' };
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.active, true)));
  return account ? { valid: true, reason: null } : { valid: false, reason: 'no-account' };
}

/** Takes part (a repeat changes nothing); only while the tournament runs and if the player may. */
export async function participate(tx: Transaction, promotionId: number, userId: number, now = new Date()) {
  const row = await findTournament(tx, promotionId);
  assertRunning(row, now);
  const validation = await validateUserForTournaments(tx, userId);
  if (!validation.valid)
    throw httpError(
      403,
      `You cannot take part in tournaments (${validation.reason})`,
      `tournament_${validation.reason}`.replace('-', '_'),
    );
  const [user] = await tx.select({ login: users.login }).from(users).where(eq(users.id, userId));
  await tx
    .insert(tournamentParticipants)
    .values({
      promotionId,
      userId,
      nickname: (user?.login ?? `player${userId}`).replace(/[^\w.-]/g, ''),
      joinedAt: now,
    })
    .onConflictDoNothing();
  return standingOf(tx, promotionId, userId);
}
