import { randomInt } from 'node:crypto';
import {
  HUNT_HIDDEN_PER_DAY,
  HUNT_SEARCHES_PER_DAY,
  HUNT_SET_SIZE,
  HUNT_SPOTS,
  type HuntBoard,
  type HuntProgress,
  type HuntSearchResult,
} from '@promo/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { huntBoards, huntCompletions, huntSearches } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { assertRunning, prizeOf, promotionStatus, promotionWithTemplate } from './promotions.ts';
import { DAY_MS, unixSeconds, utcDay } from './time.ts';

type Executor = Database | Transaction;
type Layout = Array<number | null>;

const findHunt = (db: Executor, promotionId: number, preview?: string) =>
  promotionWithTemplate(db, promotionId, 'hunt', 'Hunt', preview);
type Hunt = Awaited<ReturnType<typeof findHunt>>;

/** A new day's board: HUNT_HIDDEN_PER_DAY random spots, each hiding a random collectible of the set. */
export function newLayout(pick: (max: number) => number = randomInt): Layout {
  const spots = Array.from({ length: HUNT_SPOTS }, (_, i) => i);
  for (let i = spots.length - 1; i > 0; i -= 1) {
    const j = pick(i + 1);
    [spots[i], spots[j]] = [spots[j] as number, spots[i] as number];
  }
  const layout: Layout = Array(HUNT_SPOTS).fill(null);
  for (const spot of spots.slice(0, HUNT_HIDDEN_PER_DAY)) layout[spot] = pick(HUNT_SET_SIZE);
  return layout;
}

const nextDayAt = (now: Date) => unixSeconds(new Date(Date.parse(`${utcDay(now)}T00:00:00Z`) + DAY_MS));

async function completionOf(db: Executor, hunt: Hunt, userId: number) {
  const order = await db
    .select({ userId: huntCompletions.userId, completedAt: huntCompletions.completedAt })
    .from(huntCompletions)
    .where(eq(huntCompletions.promotionId, hunt.id))
    .orderBy(asc(huntCompletions.completedAt), asc(huntCompletions.userId));
  const index = order.findIndex((row) => row.userId === userId);
  const row = order[index];
  if (!row) return null;
  return { place: index + 1, completedAt: unixSeconds(row.completedAt), prize: prizeOf(hunt, index + 1) };
}

async function progressOf(db: Executor, hunt: Hunt, userId: number, now: Date): Promise<HuntProgress> {
  const day = utcDay(now);
  const searches = await db
    .select({ day: huntSearches.day, spot: huntSearches.spot, collectible: huntSearches.collectible })
    .from(huntSearches)
    .where(and(eq(huntSearches.promotionId, hunt.id), eq(huntSearches.userId, userId)));
  const today = new Map(searches.filter((s) => s.day === day).map((s) => [s.spot, s.collectible]));
  const collected = [...new Set(searches.flatMap((s) => (s.collectible === null ? [] : [s.collectible])))].sort(
    (a, b) => a - b,
  );
  return {
    day,
    spots: Array.from({ length: HUNT_SPOTS }, (_, spot) => ({
      opened: today.has(spot),
      collectible: today.get(spot) ?? null,
    })),
    searchesLeft: Math.max(0, HUNT_SEARCHES_PER_DAY - today.size),
    collected,
    nextAt: nextDayAt(now),
    completion: await completionOf(db, hunt, userId),
  };
}

async function boardOf(db: Executor, hunt: Hunt, userId: number | null, now: Date): Promise<HuntBoard> {
  const [completed] = await db
    .select({ n: count() })
    .from(huntCompletions)
    .where(eq(huntCompletions.promotionId, hunt.id));
  return {
    promoId: hunt.id,
    setSize: HUNT_SET_SIZE,
    status: promotionStatus(hunt, now),
    completedCount: completed?.n ?? 0,
    me: userId === null ? null : await progressOf(db, hunt, userId, now),
  };
}

/** GET hunt: the set and its completions for all, the board and album for a player. */
export async function huntBoard(
  db: Database,
  promotionId: number,
  userId: number | null,
  now = new Date(),
  preview?: string,
) {
  return boardOf(db, await findHunt(db, promotionId, preview), userId, now);
}

/**
 * Opens one spot of today's board (made on the day's first search): while the hunt runs, within
 * the day's searches, each spot once. Finding the last missing collectible completes the set.
 */
export async function searchHunt(
  tx: Transaction,
  input: { promotionId: number; userId: number; spot: number },
  now = new Date(),
  makeLayout: () => Layout = newLayout,
): Promise<HuntSearchResult> {
  const hunt = await findHunt(tx, input.promotionId);
  assertRunning(hunt, now);
  const day = utcDay(now);
  // The player's board of the day, locked until the transaction ends: searches of one player are
  // decided one after another, each on what the one before wrote (the day's limit, an open spot),
  // never two on the same count (issue 38). The first search of a day makes the board.
  await tx
    .insert(huntBoards)
    .values({ promotionId: hunt.id, userId: input.userId, day, layout: makeLayout() })
    .onConflictDoNothing();
  const [board] = await tx
    .select({ layout: huntBoards.layout })
    .from(huntBoards)
    .where(and(eq(huntBoards.promotionId, hunt.id), eq(huntBoards.userId, input.userId), eq(huntBoards.day, day)))
    .for('update');
  const before = await progressOf(tx, hunt, input.userId, now);
  if (before.completion) throw httpError(409, 'You have already completed the collection', 'already_completed');
  if (before.searchesLeft === 0) throw httpError(409, 'No searches left today; come back tomorrow', 'no_searches');
  if (before.spots[input.spot]?.opened) throw httpError(409, 'This spot is already open', 'spot_open');
  const found = (board?.layout as Layout | undefined)?.[input.spot] ?? null;
  await tx
    .insert(huntSearches)
    .values({ promotionId: hunt.id, userId: input.userId, day, spot: input.spot, collectible: found, openedAt: now });
  const duplicate = found !== null && before.collected.includes(found);
  const completed = found !== null && !duplicate && before.collected.length + 1 === HUNT_SET_SIZE;
  if (completed) {
    await tx.insert(huntCompletions).values({ promotionId: hunt.id, userId: input.userId, completedAt: now });
  }
  return { spot: input.spot, found, duplicate, completed, board: await boardOf(tx, hunt, input.userId, now) };
}
