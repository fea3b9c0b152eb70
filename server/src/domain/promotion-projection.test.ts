import type { PromoContent } from '@promo/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { promotions } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { loadPromoContent } from '../seed/promotion-content.ts';
import { openSeededDatabase } from '../testing.ts';
import { projectVersions } from './promotion-versions.ts';

// What a publish writes into the rows the frame reads (decision 042), for many versions at once as
// the seed does at start.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openSeededDatabase();
});
afterAll(() => database.close());

const seeded = (slug: string): PromoContent => {
  const content = loadPromoContent().find((candidate) => candidate.slug === slug);
  if (!content) throw new Error(`no seed file for ${slug}`);
  return content;
};

/** Each row of these ids: its slug and whether players see it. */
const rowsOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await database.db
        .select({ id: promotions.id, slug: promotions.slug, published: promotions.published })
        .from(promotions)
        .where(inArray(promotions.id, ids))
    ).map((row) => [row.id, `${row.slug} ${row.published ? 'published' : 'unpublished'}`]),
  );

const project = (contents: PromoContent[]) =>
  transaction(database.db, (tx) => projectVersions(tx, contents, Date.now()));

test('an id a version no longer lists is unpublished; an id another version takes moves to it; all in one projection', async () => {
  const daily = seeded('daily-tournament'); // ids 104, 105
  const crash = seeded('crash-tournament'); // ids 135, 136
  expect(await rowsOf([104, 105, 135, 136])).toEqual({
    104: 'daily-tournament published',
    105: 'daily-tournament published',
    135: 'crash-tournament published',
    136: 'crash-tournament published',
  });
  // Daily drops 105; crash drops 136 and takes 105 instead.
  await project([
    { ...daily, ids: [104] },
    { ...crash, ids: [135, 105] },
  ]);
  expect(await rowsOf([104, 105, 135, 136])).toEqual({
    104: 'daily-tournament published',
    105: 'crash-tournament published',
    135: 'crash-tournament published',
    136: 'crash-tournament unpublished',
  });
  // A promotion the projection did not name is untouched.
  expect(Object.values(await rowsOf([138]))).toEqual([expect.stringMatching(/ published$/)]);
  // The files again: every row back where it was.
  await project([daily, crash]);
  expect(await rowsOf([104, 105, 135, 136])).toEqual({
    104: 'daily-tournament published',
    105: 'daily-tournament published',
    135: 'crash-tournament published',
    136: 'crash-tournament published',
  });
});
