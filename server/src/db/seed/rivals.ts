import { eq, inArray } from 'drizzle-orm';
import { DAY_MS, utcDay } from '../../domain/time.ts';
import type { Database } from '../client.ts';
import {
  betSeriesProgress,
  luckyDayTickets,
  promotions,
  tournamentParticipants,
  tournamentScores,
  users,
} from '../schema.ts';
import { seedHunts } from './hunts.ts';

/** Demo players who fill the leaderboards; they cannot sign in (no valid password hash). */
const RIVALS = [
  ['alex_k', 'CY'],
  ['maria88', 'ES'],
  ['lucky_sam', 'IE'],
  ['ivan.p', 'KZ'],
  ['nadia_q', 'AE'],
  ['tomasz', 'PL'],
  ['goalgetter', 'BR'],
  ['ravi_2024', 'IN'],
  ['kenji', 'JP'],
  ['olga.s', 'KZ'],
  ['pedro_m', 'PT'],
  ['hakim', 'EG'],
  ['sofia_b', 'IT'],
  ['jonas', 'DE'],
  ['amira', 'MA'],
  ['chen.w', 'SG'],
  ['fatima_z', 'AE'],
  ['mikkel', 'DK'],
  ['aisha', 'NG'],
  ['victor', 'RO'],
  ['zara_k', 'IN'],
  ['omar.h', 'SA'],
  ['lena_v', 'AT'],
  ['diego10', 'AR'],
  ['yusuf', 'TR'],
  ['nikos', 'GR'],
  ['elena', 'BG'],
  ['kwame', 'GH'],
  ['sven', 'SE'],
  ['priya', 'IN'],
] as const;
const NOT_A_PASSWORD = 'disabled';

/** Deterministic scores: a restart adds today's rows and never changes earlier ones. */
function score(promotionId: number, userId: number, day: string) {
  let h = 2166136261;
  for (const ch of `${promotionId}:${userId}:${day}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  const unit = (h >>> 0) / 2 ** 32;
  return { points: (unit * 900 + 20).toFixed(2), tickets: 1 + Math.floor(unit * 12) };
}

/**
 * Rivals take part in most tournaments (a running one gets a row for each of the last 7 days, an
 * ended one its final totals on its last day) and in the lucky-day draws; demo.player has a
 * winning streak going in the bet series; rivals complete hunts (see seedHunts). Idempotent.
 */
export async function seedRivals(db: Database, now = new Date()): Promise<void> {
  await db
    .insert(users)
    .values(RIVALS.map(([login, countryCode]) => ({ login, passwordHash: NOT_A_PASSWORD, countryCode, countryId: 0 })))
    .onConflictDoNothing();
  const rivals = await db
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(
      inArray(
        users.login,
        RIVALS.map(([login]) => login),
      ),
    );
  const tournaments = await db.select().from(promotions).where(eq(promotions.template, 'tournament'));
  const participants = [];
  const scores = [];
  for (const tournament of tournaments) {
    const running = !tournament.endsAt || tournament.endsAt > now;
    const last = running ? now : (tournament.endsAt ?? now);
    const days = running ? 7 : 1;
    for (const [index, rival] of rivals.entries()) {
      if ((tournament.id * 31 + index) % 5 === 0) continue;
      const joinedAt = new Date(Math.max(tournament.startsAt.getTime(), last.getTime() - (days + 1) * DAY_MS));
      participants.push({ promotionId: tournament.id, userId: rival.id, nickname: rival.login, joinedAt });
      for (let d = 0; d < days; d += 1) {
        const day = utcDay(new Date(last.getTime() - d * DAY_MS));
        const { points, tickets } = score(tournament.id, rival.id, day);
        scores.push({ promotionId: tournament.id, userId: rival.id, day, points, tickets });
      }
    }
  }
  for (let i = 0; i < participants.length; i += 500) {
    await db
      .insert(tournamentParticipants)
      .values(participants.slice(i, i + 500))
      .onConflictDoNothing();
  }
  for (let i = 0; i < scores.length; i += 500) {
    await db
      .insert(tournamentScores)
      .values(scores.slice(i, i + 500))
      .onConflictDoNothing();
  }
  await seedRivalTickets(db, rivals, now);
  await seedHunts(db, rivals, now);
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'demo.player'));
  const series = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.template, 'bet-series'));
  if (demo && series.length > 0) {
    await db
      .insert(betSeriesProgress)
      .values(series.map(({ id }) => ({ promotionId: id, userId: demo.id, current: 2, best: 4 })))
      .onConflictDoNothing();
  }
}

/** Rivals' lucky numbers in the running lucky-day draws of the last 7 days and today. */
async function seedRivalTickets(db: Database, rivals: Array<{ id: number }>, now: Date): Promise<void> {
  const draws = await db.select().from(promotions).where(eq(promotions.template, 'lucky-day'));
  const tickets = [];
  for (const draw of draws) {
    if (draw.endsAt && draw.endsAt <= now) continue;
    for (let d = 0; d < 8; d += 1) {
      const day = utcDay(new Date(now.getTime() - d * DAY_MS));
      for (const rival of rivals) {
        if ((rival.id + d) % 4 === 0) continue;
        const { tickets: n } = score(draw.id, rival.id, day);
        tickets.push({ promotionId: draw.id, day, ticketId: 1000 + rival.id * 997 + n * 13 + d, userId: rival.id });
      }
    }
  }
  for (let i = 0; i < tickets.length; i += 500) {
    await db
      .insert(luckyDayTickets)
      .values(tickets.slice(i, i + 500))
      .onConflictDoNothing();
  }
}
