import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { promotionHeads, promotionVersions } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { absoluteSchedule, headFields, projectVersions } from '../domain/promotion-versions.ts';
import { loadPromoContent } from './promotion-content.ts';

/** Who wrote the seed's versions, in the console's history. */
const SEED_AUTHOR = 'seed';

/**
 * The content files (server/content/promotions/*.json) as ordinary published promotions (issue 40):
 * each is version 1 by `seed`, published, with dates from the server's clock; one row per id for the
 * frame, and each title in the dictionaries. Every start refreshes them (fresh dates) until staff
 * save, publish or unpublish one: from then on it is theirs and the seed leaves it alone.
 */
export async function seedPromotions(db: Database, contents = loadPromoContent(), now = Date.now()): Promise<void> {
  await transaction(db, async (tx) => {
    const edited = new Set(
      (await tx.select({ slug: promotionHeads.slug }).from(promotionHeads).where(eq(promotionHeads.seeded, false))).map(
        (head) => head.slug,
      ),
    );
    const fresh = contents
      .filter((content) => !edited.has(content.slug))
      .map((content) => absoluteSchedule(content, now));
    if (fresh.length === 0) return;
    const at = new Date(now);
    await tx
      .insert(promotionVersions)
      .values(fresh.map((content) => ({ slug: content.slug, version: 1, content, author: SEED_AUTHOR, createdAt: at })))
      .onConflictDoUpdate({
        target: [promotionVersions.slug, promotionVersions.version],
        set: { content: sql`excluded.content`, createdAt: sql`excluded.created_at` },
      });
    await tx
      .insert(promotionHeads)
      .values(
        fresh.map((content) => ({
          slug: content.slug,
          latestVersion: 1,
          publishedVersion: 1,
          ...headFields(content),
          lastEditor: SEED_AUTHOR,
          updatedAt: at,
          seeded: true,
        })),
      )
      .onConflictDoUpdate({
        target: promotionHeads.slug,
        set: {
          title: sql`excluded.title`,
          search: sql`excluded.search`,
          mechanic: sql`excluded.mechanic`,
          product: sql`excluded.product`,
          startsAt: sql`excluded.starts_at`,
          endsAt: sql`excluded.ends_at`,
          languages: sql`excluded.languages`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: eq(promotionHeads.seeded, true),
      });
    await projectVersions(tx, fresh, now);
  });
}
