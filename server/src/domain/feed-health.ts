import { FEED_REFUSALS_LISTED, type FeedHealth, type Settlement } from '@promo/contract';
import { desc, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { feedRefusals, feedSources, settlements } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { ledgerMismatches } from './ledger.ts';
import { DAY_MS, unixSeconds } from './time.ts';

/** How long refused posts are kept (the hourly retention purge). */
export const FEED_REFUSALS_KEPT_MS = 7 * DAY_MS;
/** At most this many sources are listed (there is one per operator key and kind). */
const SOURCES_LISTED = 100;

/** A refused settlements post: its code and status, who posted it, how many items it carried. */
export interface RefusedPost {
  code: string;
  status: number;
  caller: string;
  items: number;
  at?: Date;
}

/**
 * Records a refused post. Called after the post's transaction rolled back (or before it began, for
 * a malformed body), so the refusal itself stores nothing else.
 */
export async function recordRefusal(db: Database, refused: RefusedPost): Promise<void> {
  const { at = new Date(), ...rest } = refused;
  await db.insert(feedRefusals).values({ ...rest, at });
}

/**
 * Notes each source's last item of an accepted post, in the post's transaction: a source is the
 * caller and the item's kind; its last item is the batch's last of that kind (a repeat counts: the
 * source is alive).
 */
export async function recordSources(
  tx: Transaction,
  caller: string,
  items: readonly Settlement[],
  now = new Date(),
): Promise<void> {
  const byKind = new Map<string, { last: Settlement; count: number }>();
  for (const item of items) {
    const seen = byKind.get(item.kind);
    byKind.set(item.kind, { last: item, count: (seen?.count ?? 0) + 1 });
  }
  if (byKind.size === 0) return;
  await tx
    .insert(feedSources)
    .values(
      [...byKind].map(([kind, { last, count }]) => ({
        caller,
        kind,
        lastAt: now,
        externalId: last.id,
        settledAt: new Date(last.settledAt),
        items: count,
      })),
    )
    .onConflictDoUpdate({
      target: [feedSources.caller, feedSources.kind],
      set: {
        lastAt: sql`excluded.last_at`,
        externalId: sql`excluded.external_id`,
        settledAt: sql`excluded.settled_at`,
        items: sql`${feedSources.items} + excluded.items`,
      },
    });
}

/** Deletes refusals older than they are kept; answers how many went. */
export async function purgeFeedRefusals(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(feedRefusals)
    .where(lt(feedRefusals.at, new Date(now.getTime() - FEED_REFUSALS_KEPT_MS)))
    .returning({ id: feedRefusals.id });
  return removed.length;
}

/**
 * The feed's health over the last `minutes` (the current minute the last bucket): items that
 * arrived per minute, zero-filled; the window's refusals by code and the latest of them; each
 * source's last item; and the ledger check. Each query reads the window by an index, or a table of
 * a few rows; the ledger check is the operator API's own (ledger.ts).
 */
export async function feedHealth(db: Database, minutes: number, now = new Date()): Promise<FeedHealth> {
  const currentMinute = Math.floor(now.getTime() / 60_000);
  const firstMinute = currentMinute - minutes + 1;
  const from = new Date(firstMinute * 60_000);

  const minuteOf = sql<string>`floor(extract(epoch from ${settlements.receivedAt}) / 60)::bigint`;
  const counted = await db
    .select({ minute: minuteOf, items: sql<number>`count(*)::int` })
    .from(settlements)
    .where(gte(settlements.receivedAt, from))
    .groupBy(minuteOf);
  const byMinute = new Map(counted.map((row) => [Number(row.minute), Number(row.items)]));
  const perMinute = Array.from({ length: minutes }, (_, index) => {
    const minute = firstMinute + index;
    return { at: minute * 60, items: byMinute.get(minute) ?? 0 };
  });

  const byCode = (
    await db
      .select({
        code: feedRefusals.code,
        batches: sql<number>`count(*)::int`,
        items: sql<number>`coalesce(sum(${feedRefusals.items}), 0)::int`,
        lastAt: sql<Date>`max(${feedRefusals.at})`,
      })
      .from(feedRefusals)
      .where(gte(feedRefusals.at, from))
      .groupBy(feedRefusals.code)
  )
    .map((row) => ({
      code: row.code,
      batches: Number(row.batches),
      items: Number(row.items),
      lastAt: unixSeconds(new Date(row.lastAt)),
    }))
    .sort((a, b) => b.batches - a.batches || b.lastAt - a.lastAt || a.code.localeCompare(b.code));
  const latest = await db
    .select()
    .from(feedRefusals)
    .where(gte(feedRefusals.at, from))
    .orderBy(desc(feedRefusals.at), desc(feedRefusals.id))
    .limit(FEED_REFUSALS_LISTED);
  const sources = await db
    .select()
    .from(feedSources)
    .orderBy(desc(feedSources.lastAt), feedSources.caller, feedSources.kind)
    .limit(SOURCES_LISTED);
  const { accounts, mismatches } = await ledgerMismatches(db);

  return {
    now: unixSeconds(now),
    minutes,
    perMinute,
    totals: {
      items: perMinute.reduce((sum, bucket) => sum + bucket.items, 0),
      refusedBatches: byCode.reduce((sum, row) => sum + row.batches, 0),
      refusedItems: byCode.reduce((sum, row) => sum + row.items, 0),
    },
    refusals: {
      byCode,
      latest: latest.map((row) => ({
        at: unixSeconds(row.at),
        code: row.code,
        status: row.status,
        caller: row.caller,
        items: row.items,
      })),
    },
    sources: sources.map((row) => ({
      caller: row.caller,
      kind: row.kind === 'round' ? 'round' : 'bet',
      at: unixSeconds(row.lastAt),
      externalId: row.externalId,
      settledAt: unixSeconds(row.settledAt),
      items: Number(row.items),
    })),
    ledger: { ok: mismatches.length === 0, accounts, mismatches },
  };
}
