import { type GameRound, JACKPOT_DRAWS_SHOWN, type Settlement } from '@promo/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { luckyDayTickets, promotions, tournamentParticipants, users } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { applySettlements } from '../domain/feed.ts';
import { nextDrawAt, WEEK_MS } from '../domain/jackpot.ts';
import { openAccounts } from '../domain/ledger.ts';
import { promotionTerms } from '../domain/promotions.ts';
import { DAY_MS, utcDay } from '../domain/time.ts';
import { NOT_A_PASSWORD } from './demo-users.ts';
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

/** A deterministic number in [0, 1) of a promotion, a player and a day. */
function unitOf(promotionId: number, userId: number, day: string) {
  let h = 2166136261;
  for (const ch of `${promotionId}:${userId}:${day}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) / 2 ** 32;
}

/** Rounds of each game a casino or crash tournament names (a collection: one of its games). */
const ROUND_GAMES: Readonly<Record<string, { game: string; category: GameRound['category'] }>> = {
  crash: { game: 'rocket-crash', category: 'crash' },
  aviator: { game: 'aviator', category: 'crash' },
  'fast-games': { game: 'dice-duel', category: 'fast-games' },
  evaginarium: { game: 'viking-raid', category: 'slots' },
};

/**
 * The settled bet or round a rival played on a tournament's day (or in a weekly jackpot's week),
 * shaped by its terms (sport, competition, bet type, odds, stake, game) so that it counts, through
 * the operator feed like any other: the leaderboards and draws are computed from the feed, not written.
 */
export function rivalSettlement(
  promo: { id: number; mechanic: string; content: unknown },
  userId: number,
  day: string,
  at: Date,
): Settlement {
  const terms = promotionTerms(promo);
  const unit = unitOf(promo.id, userId, day);
  const stake = Math.max(Number(terms.minStake ?? '1'), Math.round(5 + unit * 95)).toFixed(2);
  const common = {
    id: `seed:${promo.id}:${userId}:${day}`,
    playerId: userId,
    settledAt: at.toISOString(),
    currency: 'USD',
    stake,
  };
  if (promo.mechanic !== 'sport-tournament' && promo.mechanic !== 'weekly-jackpot') {
    const multiplier = 1.2 + unit * 8;
    const round = ROUND_GAMES[terms.games ?? 'crash'] ?? ROUND_GAMES.crash;
    return {
      ...common,
      kind: 'round',
      game: round?.game ?? 'rocket-crash',
      category: round?.category ?? 'crash',
      payout: (Number(stake) * multiplier).toFixed(2),
    };
  }
  const accumulator = terms.betType === 'accumulator';
  const legs = accumulator ? (terms.minLegs ?? 2) + Math.floor(unit * 3) : 1;
  const odds = (Number(terms.minOdds ?? '1.5') + unit * 2.5).toFixed(2);
  const won = unit > 0.45;
  return {
    ...common,
    kind: 'bet',
    sportId: terms.sportIds?.[0] ?? 1,
    ...(terms.stage ? { competition: terms.stage } : {}),
    betType: accumulator ? 'accumulator' : 'single',
    legs,
    odds,
    ...(accumulator ? { minLegOdds: terms.minOdds ?? '1.50' } : {}),
    payout: won ? (Number(stake) * Number(odds)).toFixed(2) : '0',
  };
}

/** One rival in this many has a bet in each drawn week of a weekly jackpot (a different one each week). */
const JACKPOT_RIVAL_SHARE = 3;

/**
 * Rivals' bets in each drawn week a weekly jackpot's page lists (the JACKPOT_DRAWS_SHOWN - 1
 * before the open draw), so that each names its winner whatever the day and hour of the start:
 * the tournaments' bets are the last 7 days, which late on a Sunday, before the draw, no longer
 * reach back past the last draw, and never into the weeks before it. Each settles in the hours
 * after its week opened (the draw before), so before the rivals joined the running tournaments
 * (8 days before the start) unless the last draw was a day or two ago; then it counts there too,
 * as any bet would.
 */
export function rivalJackpotBets(
  jackpot: { id: number; mechanic: string; content: unknown },
  rivals: ReadonlyArray<{ id: number }>,
  now: Date,
): Settlement[] {
  const open = nextDrawAt(jackpot, now).getTime();
  const bets: Settlement[] = [];
  for (let week = 1; week < JACKPOT_DRAWS_SHOWN; week += 1) {
    const opened = open - (week + 1) * WEEK_MS;
    const day = utcDay(new Date(opened));
    for (const [index, rival] of rivals.entries()) {
      if (index % JACKPOT_RIVAL_SHARE !== week % JACKPOT_RIVAL_SHARE) continue;
      const at = new Date(opened + (1 + unitOf(rival.id, jackpot.id, day) * 20) * 3600_000);
      bets.push(rivalSettlement(jackpot, rival.id, day, at));
    }
  }
  return bets;
}

/**
 * Rivals take part in most tournaments (a running one gets a settled bet or round for each of the
 * last 7 days, an ended one for its last day), in the weekly jackpots' drawn weeks
 * (rivalJackpotBets) and in the lucky-day draws; rivals complete hunts
 * (see seedHunts); the demo players have a history of settled bets (seedDemoHistory). Idempotent:
 * a settlement posted again counts once.
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
  // Players hold an account: what the feed pays them (a cash step of a streak) lands there.
  await transaction(db, (tx) =>
    openAccounts(
      tx,
      rivals.map((rival) => ({ userId: rival.id, currencyCode: 'USD', amount: '0', active: true })),
    ),
  );
  const tournaments = await db.select().from(promotions).where(eq(promotions.template, 'tournament'));
  const participants = [];
  const feed: Settlement[] = [];
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
        // Some time that day, after joining and before now (or the tournament's end).
        const at = new Date(
          Math.max(
            joinedAt.getTime() + 1000,
            last.getTime() - d * DAY_MS - (1 + unitOf(rival.id, tournament.id, day) * 20) * 3600_000,
          ),
        );
        // An upcoming tournament has its field but no bets yet.
        if (at < now) feed.push(rivalSettlement(tournament, rival.id, day, at));
      }
    }
  }
  const jackpots = await db.select().from(promotions).where(eq(promotions.mechanic, 'weekly-jackpot'));
  for (const jackpot of jackpots) {
    if (!jackpot.endsAt || jackpot.endsAt > now) feed.push(...rivalJackpotBets(jackpot, rivals, now));
  }
  for (let i = 0; i < participants.length; i += 500) {
    await db
      .insert(tournamentParticipants)
      .values(participants.slice(i, i + 500))
      .onConflictDoNothing();
  }
  for (let i = 0; i < feed.length; i += 500) {
    const batch = feed.slice(i, i + 500);
    await transaction(db, (tx) => applySettlements(tx, batch, now, true));
  }
  await seedRivalTickets(db, rivals, now);
  await seedHunts(db, rivals, now);
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
        const n = 1 + Math.floor(unitOf(draw.id, rival.id, day) * 12);
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
