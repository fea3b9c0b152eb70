import {
  PROMO_TEXT_LANGUAGES,
  PROMOTION_SORTS,
  PROMOTION_STATES,
  type PromoDraft,
  type PromoTextLanguage,
  type PromotionListQuery,
} from '@promo/contract';
import { asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/client.ts';
import { promotionHeads } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { databaseTargets, openSeededDatabase } from '../testing.ts';
import type { Actor } from './audit.ts';
import {
  createListCounts,
  createPromotion,
  draftStart,
  headFields,
  promotionList,
  promotionState,
  publishDue,
  publishVersion,
  savePromotion,
  schedulePublication,
  unpublishPromotion,
} from './promotion-versions.ts';

/** The list's clock in these tests, and days from it. */
const T0 = new Date('2027-03-01T12:00:00Z');
const DAY = 24 * 60 * 60_000;
const day = (days: number) => new Date(T0.getTime() + days * DAY);
const isoDay = (days: number) =>
  day(days)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
const EDITOR: Actor = { staffId: null, name: 'list.tester', address: '127.0.0.1' };

/** A promotion of the fixture: where it is copied from, its texts and dates, and how far it got. */
interface Fixture {
  slug: string;
  from: 'spin-wheel' | 'big-match-2025';
  title: string;
  languages: PromoTextLanguage[];
  starts: number;
  ends: number | null;
  life: 'draft' | 'published' | 'unpublished' | 'scheduled' | 'published, next scheduled';
  /** When a scheduled publication is due (days from T0). */
  due?: number;
}

const ALL = [...PROMO_TEXT_LANGUAGES];
const fixture = (
  slug: string,
  from: Fixture['from'],
  title: string,
  languages: PromoTextLanguage[],
  [starts, ends]: [number, number | null],
  life: Fixture['life'],
  due?: number,
): Fixture => ({ slug, from, title, languages, starts, ends, life, ...(due === undefined ? {} : { due }) });

/** One of each state at T0, ties on title and start, open-ended ones, and each language missing somewhere. */
const FIXTURES: Fixture[] = [
  fixture('lst-a', 'spin-wheel', 'Same title', ['en'], [1, 8], 'draft'),
  fixture('lst-b', 'big-match-2025', 'Same title', ['en', 'ru'], [1, null], 'draft'),
  fixture('lst-c', 'big-match-2025', 'Only Russian', ['ru'], [1, 8], 'draft'),
  fixture('lst-d', 'spin-wheel', 'Upcoming wheel', ALL, [1, 10], 'published'),
  fixture('lst-e', 'big-match-2025', 'Ends tomorrow', ALL, [-1, 1], 'published'),
  fixture('lst-f', 'spin-wheel', 'Open-ended', ALL, [-1, null], 'published'),
  fixture('lst-g', 'big-match-2025', 'Long over', ALL, [-10, -1], 'published'),
  fixture('lst-h', 'spin-wheel', 'Taken off', ALL, [-1, 5], 'unpublished'),
  fixture('lst-i', 'big-match-2025', 'Scheduled', ALL, [1, 5], 'scheduled'),
  fixture('lst-j', 'spin-wheel', 'Same title', ALL, [-1, 5], 'published, next scheduled'),
];

/** A draft copied from a seeded promotion with the fixture's slug, texts and dates. */
async function fixtureDraft(db: Database, promo: Fixture): Promise<PromoDraft> {
  const source = await draftStart(db, { slug: promo.from }, T0);
  const texts = Object.fromEntries(
    promo.languages.map((language, i) => [
      language,
      { ...source.texts[language], title: i === 0 ? promo.title : `${promo.title} (${language})` },
    ]),
  );
  const ends = promo.ends === null ? null : isoDay(promo.ends);
  return {
    ...source,
    slug: promo.slug,
    texts,
    schedule: { ...source.schedule, starts: isoDay(promo.starts), ends },
  };
}

/** Makes a fixture's promotion through the console's own steps, each a day apart before T0. */
async function make(db: Database, promo: Fixture, n: number): Promise<void> {
  const draft = await fixtureDraft(db, promo);
  const at = (step: number) => day(-30 + n + step / 10);
  await transaction(db, (tx) => createPromotion(tx, EDITOR, draft, at(0)));
  if (promo.life === 'draft') return;
  if (promo.life === 'scheduled') {
    await transaction(db, (tx) => schedulePublication(tx, EDITOR, promo.slug, 1, day(promo.due ?? 30), at(1)));
    return;
  }
  await transaction(db, (tx) => publishVersion(tx, EDITOR, promo.slug, 1, at(1)));
  if (promo.life === 'unpublished') await transaction(db, (tx) => unpublishPromotion(tx, EDITOR, promo.slug));
  if (promo.life === 'published, next scheduled') {
    await transaction(db, (tx) => savePromotion(tx, EDITOR, promo.slug, draft, 1, 'save', at(2)));
    await transaction(db, (tx) => schedulePublication(tx, EDITOR, promo.slug, 2, day(promo.due ?? 30), at(3)));
  }
}

const query = (parts: Partial<PromotionListQuery>): PromotionListQuery => ({ page: 1, size: 25, ...parts });

/**
 * The list by its definition: every head, its state by `promotionState`, filtered here, in the
 * sort's order with ties by slug (the database's text order), by state in the states' names.
 */
async function definedList(db: Database, asked: PromotionListQuery, now: Date) {
  const descending = asked.order === 'desc';
  const direction = descending ? desc : asc;
  const sort = asked.sort ?? 'updated';
  const column = {
    slug: promotionHeads.slug,
    title: promotionHeads.title,
    updated: promotionHeads.updatedAt,
    starts: promotionHeads.startsAt,
    ends: promotionHeads.endsAt,
    state: promotionHeads.slug,
  }[sort];
  const heads = await db.select().from(promotionHeads).orderBy(direction(column), direction(promotionHeads.slug));
  const matching = heads
    .map((head) => ({ head, state: promotionState(head, now) }))
    .filter(
      ({ head, state }) =>
        (asked.state === undefined || state === asked.state) &&
        (asked.mechanic === undefined || head.mechanic === asked.mechanic) &&
        (asked.product === undefined || head.product === asked.product) &&
        (asked.missing === undefined || !head.languages.includes(asked.missing)) &&
        (asked.q === undefined || head.search.includes(asked.q.toLowerCase())),
    );
  if (sort === 'state') {
    matching.sort((a, b) => (a.state === b.state ? 0 : a.state < b.state !== descending ? -1 : 1));
  }
  const offset = (asked.page - 1) * asked.size;
  return {
    total: matching.length,
    rows: matching
      .slice(offset, offset + asked.size)
      .map(({ head, state }) => [head.slug, state, PROMO_TEXT_LANGUAGES.filter((l) => !head.languages.includes(l))]),
  };
}

const listed = async (db: Database, asked: PromotionListQuery, now: Date, counts = createListCounts()) => {
  const answer = await promotionList(db, asked, now, counts);
  return { total: answer.total, rows: answer.items.map((row) => [row.slug, row.state, row.missing]) };
};

/** Every filter the console offers, alone and together. */
const FILTERS: Array<[string, Partial<PromotionListQuery>]> = [
  ['everything', {}],
  ...PROMOTION_STATES.map((state): [string, Partial<PromotionListQuery>] => [`state ${state}`, { state }]),
  ['a mechanic', { mechanic: 'prize-wheel' }],
  ['a product', { product: 'sport' }],
  ['a mechanic and a product', { mechanic: 'match-free-bet', product: 'sport' }],
  ...PROMO_TEXT_LANGUAGES.map((missing): [string, Partial<PromotionListQuery>] => [`missing ${missing}`, { missing }]),
  ['missing ar, drafts', { missing: 'ar', state: 'draft' }],
  ['search, any case', { q: 'LST-' }],
  ['search with a running state', { q: 'lst', state: 'running' }],
];

describe.each(databaseTargets)('the console list on $name', ({ databaseUrl }) => {
  let database: Awaited<ReturnType<typeof openSeededDatabase>>;
  const db = () => database.db;
  beforeAll(async () => {
    database = await openSeededDatabase(databaseUrl);
    for (const [n, each] of FIXTURES.entries()) await make(database.db, each, n);
  });
  afterAll(async () => {
    await database.close();
  });

  test.each(FILTERS)(
    '%s: every sort, both orders, first, middle, last and past-the-end pages as defined',
    async (_, filter) => {
      // One app's counts across all of it, as the console's route keeps them.
      const counts = createListCounts();
      const differences: unknown[] = [];
      for (const sort of PROMOTION_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          const { total } = await definedList(db(), query({ ...filter, sort, order }), T0);
          const lastPage = Math.max(1, Math.ceil(total / 10));
          const pages = [
            { page: 1, size: 25 },
            ...Array.from({ length: lastPage + 1 }, (_, i) => ({ page: i + 1, size: 10 })),
            { page: 2, size: 7 },
            { page: lastPage, size: 9 },
          ];
          for (const page of pages) {
            const asked = query({ ...filter, sort, order, ...page });
            const [got, want] = [await listed(db(), asked, T0, counts), await definedList(db(), asked, T0)];
            if (JSON.stringify(got) !== JSON.stringify(want)) differences.push({ asked, got, want });
          }
        }
      }
      expect(differences).toEqual([]);
    },
  );

  test("each state has its fixture at T0, and the bench's cases answer as defined", async () => {
    const states = await listed(db(), query({ q: 'lst-', sort: 'slug', size: 100 }), T0);
    expect(states.rows.map(([slug, state]) => `${slug} ${state}`)).toEqual([
      'lst-a draft',
      'lst-b draft',
      'lst-c draft',
      'lst-d upcoming',
      'lst-e running',
      'lst-f running',
      'lst-g ended',
      'lst-h unpublished',
      'lst-i scheduled',
      'lst-j scheduled',
    ]);
    for (const asked of [
      query({ sort: 'updated', order: 'desc' }),
      query({ page: 3, size: 50, sort: 'slug' }),
      query({ page: 2, size: 100, sort: 'title' }),
      query({ state: 'draft', sort: 'starts' }),
      query({ state: 'running' }),
      query({ mechanic: 'prize-wheel', product: 'casino' }),
      query({ missing: 'ar', sort: 'state' }),
      query({ q: 'promotion 77' }),
    ]) {
      expect(await listed(db(), asked, T0)).toEqual(await definedList(db(), asked, T0));
    }
  });

  test('a time-bounded promotion moves through the states as the clock passes, and a due schedule publishes', async () => {
    const moving = [
      fixture('clk-upcoming', 'spin-wheel', 'Upcoming', ALL, [1, 10], 'published'),
      fixture('clk-ending', 'big-match-2025', 'Ends tomorrow', ALL, [-1, 1], 'published'),
      fixture('clk-open', 'spin-wheel', 'Open-ended', ALL, [-1, null], 'published'),
      fixture('clk-scheduled', 'big-match-2025', 'Scheduled', ALL, [1, 5], 'scheduled', 0.5),
      fixture('clk-next', 'spin-wheel', 'Next scheduled', ALL, [-1, 5], 'published, next scheduled', 0.5),
    ];
    for (const [n, each] of moving.entries()) await make(db(), each, n);
    const counts = createListCounts();
    const byState = async (now: Date) => {
      const answer: Record<string, string[]> = {};
      for (const state of PROMOTION_STATES) {
        const page = await listed(db(), query({ q: 'clk-', state, sort: 'slug' }), now, counts);
        answer[state] = page.rows.map(([slug]) => String(slug));
        expect(page.total).toBe(answer[state].length);
      }
      return answer;
    };
    const none = { draft: [], unpublished: [] };
    expect(await byState(T0)).toEqual({
      ...none,
      scheduled: ['clk-next', 'clk-scheduled'],
      upcoming: ['clk-upcoming'],
      running: ['clk-ending', 'clk-open'],
      ended: [],
    });
    // Two days on: one has started, one has ended; the schedule has not run.
    expect(await byState(day(2))).toEqual({
      ...none,
      scheduled: ['clk-next', 'clk-scheduled'],
      upcoming: [],
      running: ['clk-open', 'clk-upcoming'],
      ended: ['clk-ending'],
    });
    // The schedule's time comes: the draft is published (it starts in a day), the next version is.
    const published = await transaction(db(), (tx) => publishDue(tx, day(0.5)));
    expect(published.sort()).toEqual(['clk-next', 'clk-scheduled']);
    expect(await byState(day(0.5))).toEqual({
      ...none,
      scheduled: [],
      upcoming: ['clk-scheduled', 'clk-upcoming'],
      running: ['clk-ending', 'clk-next', 'clk-open'],
      ended: [],
    });
    expect(await byState(day(11))).toEqual({
      ...none,
      scheduled: [],
      upcoming: [],
      running: ['clk-open'],
      ended: ['clk-ending', 'clk-next', 'clk-scheduled', 'clk-upcoming'],
    });
  });

  test('the missing languages follow each save; publishing, scheduling and taking off keep them', async () => {
    const later = fixture('texts-later', 'spin-wheel', 'Texts come later', ['en'], [1, 9], 'draft');
    await make(db(), later, 20);
    const missingOf = async () => {
      const found: PromoTextLanguage[] = [];
      for (const missing of PROMO_TEXT_LANGUAGES) {
        const page = await listed(db(), query({ q: 'texts-later', missing }), T0);
        if (page.rows.length > 0) found.push(missing);
      }
      const [head] = await db()
        .select({ en: promotionHeads.missingEn, ru: promotionHeads.missingRu, ar: promotionHeads.missingAr })
        .from(promotionHeads)
        .where(eq(promotionHeads.slug, 'texts-later'));
      expect(PROMO_TEXT_LANGUAGES.filter((language) => head?.[language])).toEqual(found);
      return found;
    };
    expect(await missingOf()).toEqual(['ru', 'ar']);
    const save = async (languages: PromoTextLanguage[], basedOn: number) => {
      const draft = await fixtureDraft(db(), { ...later, languages });
      await transaction(db(), (tx) => savePromotion(tx, EDITOR, 'texts-later', draft, basedOn, 'save', T0));
    };
    await save(['en', 'ru'], 1);
    expect(await missingOf()).toEqual(['ar']);
    await save(['ar'], 2);
    expect(await missingOf()).toEqual(['en', 'ru']);
    await save([...PROMO_TEXT_LANGUAGES], 3);
    expect(await missingOf()).toEqual([]);
    await transaction(db(), (tx) => publishVersion(tx, EDITOR, 'texts-later', 4, T0));
    expect(await missingOf()).toEqual([]);
    await save(['en', 'ar'], 4);
    await transaction(db(), (tx) => schedulePublication(tx, EDITOR, 'texts-later', 4, day(1), T0));
    expect(await missingOf()).toEqual(['ru']);
    await transaction(db(), (tx) => unpublishPromotion(tx, EDITOR, 'texts-later'));
    expect(await missingOf()).toEqual(['ru']);
  });

  // PostgreSQL's autovacuum keeps its statistics; PGlite has none, so the list takes them itself.
  test.runIf(databaseUrl === undefined)(
    'on PGlite the list takes the planner statistics of the heads again after 50 + 10 % of them were written',
    async () => {
      const draftShare = async () => {
        const [stats] = (
          await db().execute<{ share: number }>(
            sql`select null_frac as share from pg_stats where tablename = 'promotion_heads' and attname = 'published_version'`,
          )
        ).rows;
        const [drafts] = await db()
          .select({ n: count() })
          .from(promotionHeads)
          .where(isNull(promotionHeads.publishedVersion));
        const [all] = await db().select({ n: count() }).from(promotionHeads);
        return {
          planned: Number(stats?.share ?? -1).toFixed(3),
          actual: ((drafts?.n ?? 0) / (all?.n ?? 1)).toFixed(3),
        };
      };
      const base = await fixtureDraft(db(), fixture('bulk', 'spin-wheel', 'Bulk', ['en'], [1, 8], 'draft'));
      let added = 0;
      const addDrafts = async (n: number) => {
        // One statement each, as the console writes them.
        for (const end = added + n; added < end; added++) {
          const draft = { ...base, slug: `bulk-${added}` };
          await db()
            .insert(promotionHeads)
            .values({ slug: draft.slug, latestVersion: 1, ...headFields(draft), lastEditor: 'bulk', updatedAt: T0 });
        }
      };
      const threshold = async () => {
        const [all] = await db().select({ n: count() }).from(promotionHeads);
        return 50 + Math.floor((all?.n ?? 0) / 10);
      };
      // One app's list: it keeps when it took them.
      const counts = createListCounts();
      // Past the threshold, whenever they were taken before: taken now.
      await addDrafts((await threshold()) + 1);
      await promotionList(db(), query({}), T0, counts);
      const taken = await draftShare();
      expect(taken.planned).toBe(taken.actual);
      // Up to the threshold they stand (the planner's share lags)...
      await addDrafts(await threshold());
      await promotionList(db(), query({}), T0, counts);
      const lagging = await draftShare();
      expect([lagging.planned, lagging.actual === taken.actual]).toEqual([taken.planned, false]);
      // ...and one more write takes them again.
      await addDrafts(1);
      await promotionList(db(), query({}), T0, counts);
      const again = await draftShare();
      expect(again.planned).toBe(again.actual);
      await db().delete(promotionHeads).where(eq(promotionHeads.lastEditor, 'bulk'));
    },
  );
});
