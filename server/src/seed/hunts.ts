import { HUNT_SET_SIZE, HUNT_SPOTS } from '@promo/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { huntBoards, huntCompletions, huntSearches, promotions, users } from '../db/schema.ts';
import { DAY_MS, utcDay } from '../domain/time.ts';

/** Past days' finds of one player: on each day, spot 4 held the collectible listed. */
function pastFinds(promotionId: number, userId: number, collectibles: number[], lastDay: Date) {
  const days = collectibles.map((collectible, i) => ({
    collectible,
    day: utcDay(new Date(lastDay.getTime() - (collectibles.length - i) * DAY_MS)),
  }));
  return {
    boards: days.map(({ day, collectible }) => {
      const layout: Array<number | null> = Array(HUNT_SPOTS).fill(null);
      layout[4] = collectible;
      return { promotionId, userId, day, layout };
    }),
    searches: days.map(({ day, collectible }) => ({ promotionId, userId, day, spot: 4, collectible })),
  };
}

/**
 * Hunts: in each, some rivals hold the whole set (the first ones a day apart, so places are
 * stable); demo.player holds four of the six collectibles of every hunt and completed the
 * Halloween hunt (ended). Idempotent.
 */
export async function seedHunts(db: Database, rivals: Array<{ id: number }>, now = new Date()): Promise<void> {
  const hunts = await db.select().from(promotions).where(eq(promotions.template, 'hunt'));
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'demo.player'));
  const set = Array.from({ length: HUNT_SET_SIZE }, (_, i) => i);
  for (const hunt of hunts) {
    const last = hunt.endsAt && hunt.endsAt < now ? hunt.endsAt : now;
    const finishers = rivals.filter((rival) => (hunt.id + rival.id) % 3 === 0).slice(0, 6);
    const rows: Array<ReturnType<typeof pastFinds> & { completion: typeof huntCompletions.$inferInsert | null }> =
      finishers.map((rival, i) => ({
        ...pastFinds(hunt.id, rival.id, set, new Date(last.getTime() - (finishers.length - i) * DAY_MS)),
        completion: {
          promotionId: hunt.id,
          userId: rival.id,
          completedAt: new Date(last.getTime() - (finishers.length - i + 1) * DAY_MS),
        },
      }));
    if (demo) {
      const done = hunt.slug === 'halloween-2024';
      rows.push({
        ...pastFinds(hunt.id, demo.id, done ? set : [0, 2, 3, 5], last),
        completion: done
          ? { promotionId: hunt.id, userId: demo.id, completedAt: new Date(last.getTime() - DAY_MS / 2) }
          : null,
      });
    }
    if (rows.length === 0) continue;
    await db
      .insert(huntBoards)
      .values(rows.flatMap((row) => row.boards))
      .onConflictDoNothing();
    await db
      .insert(huntSearches)
      .values(rows.flatMap((row) => row.searches))
      .onConflictDoNothing();
    const completions = rows.flatMap((row) => (row.completion ? [row.completion] : []));
    if (completions.length > 0) await db.insert(huntCompletions).values(completions).onConflictDoNothing();
  }
}
