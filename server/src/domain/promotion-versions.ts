import {
  type ConsolePromotion,
  missingLanguages,
  PROMO_TEXT_LANGUAGES,
  PROMOTION_STATES,
  type PromoContent,
  type PromoDraft,
  type PromoMechanic,
  type PromoTextLanguage,
  type PromotionList,
  type PromotionListQuery,
  type PromotionProblem,
  type PromotionRow,
  type PromotionState,
  type PromotionVersion,
  promoContentSchema,
  promoDraftSchema,
} from '@promo/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Database, isSharedDatabase } from '../db/client.ts';
import { consoleRevision, dictionaryEntries, promotionHeads, promotions, promotionVersions } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError, withDetails } from '../http-error.ts';
import { type Actor, audit } from './audit.ts';
import { problem, schemaProblems } from './problem-texts.ts';
import { contentProblems } from './promotion-content.ts';
import { promotionRows, scheduleTime } from './promotion-rows.ts';
import { unixSeconds } from './time.ts';

type Head = typeof promotionHeads.$inferSelect;
type Db = Database | Transaction;

/** An ISO time as the content schema writes it (no milliseconds). */
const isoTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A draft with its schedule in absolute times: a relative one ('+5d', what the seed's files use)
 * is read from `now`, so a version means the same dates whenever it is published.
 */
export function absoluteSchedule<T extends PromoDraft>(draft: T, now: number): T {
  const { starts, ends } = draft.schedule;
  return {
    ...draft,
    schedule: {
      ...draft.schedule,
      starts: isoTime(scheduleTime(starts, now, 'start')),
      ends: ends === null ? null : isoTime(scheduleTime(ends, now, 'end')),
    },
  };
}

const languagesOf = (draft: PromoDraft): PromoTextLanguage[] =>
  PROMO_TEXT_LANGUAGES.filter((language) => draft.texts[language] !== undefined);

/** What the console's list reads of a version: kept in its promotion's head at each save. */
export function headFields(draft: PromoDraft) {
  const titles = languagesOf(draft).map((language) => draft.texts[language]?.title ?? '');
  return {
    title: draft.texts.en?.title ?? titles[0] ?? draft.slug,
    search: [draft.slug, ...titles].join('\n').toLowerCase(),
    mechanic: draft.mechanic,
    product: draft.product,
    startsAt: new Date(draft.schedule.starts),
    endsAt: draft.schedule.ends === null ? null : new Date(draft.schedule.ends),
    languages: languagesOf(draft),
  };
}

/**
 * Why a version cannot be published, worded in `language`: a language without texts, a rule of
 * the full content, the content check. The same problem at the same field is said once.
 */
export function publishProblems(draft: PromoDraft, language = 'en'): PromotionProblem[] {
  const absent = missingLanguages(draft);
  const missing = absent.map((text) => problem('language_missing', ['texts', text], { language: text }, language));
  const schema = schemaProblems(promoContentSchema, draft, language).filter(
    // A language without texts is said once, above.
    ({ path }) => !(path.length === 2 && path[0] === 'texts' && absent.includes(path[1] as never)),
  );
  const all = [...missing, ...schema, ...contentProblems(draft, language)];
  return [...new Map(all.map((each) => [JSON.stringify([each.path, each.message]), each])).values()];
}

/** The state of a promotion by its head, at `now`. */
export function promotionState(
  head: Pick<Head, 'scheduledVersion' | 'publishedVersion' | 'unpublished' | 'startsAt' | 'endsAt'>,
  now: Date,
): PromotionState {
  if (head.scheduledVersion !== null) return 'scheduled';
  if (head.publishedVersion === null) return 'draft';
  if (head.unpublished) return 'unpublished';
  if (head.startsAt > now) return 'upcoming';
  return head.endsAt && head.endsAt <= now ? 'ended' : 'running';
}

/**
 * A state as conditions on the head's own columns at `now`, the same as `promotionState` reads them:
 * the planner weighs each column by its statistics and can walk a sort's index through them (a
 * `case` over the row was a guess to it, and made every state filter read the whole table).
 */
function stateWhere(state: PromotionState, now: Date): SQL | undefined {
  const head = promotionHeads;
  const unscheduled = isNull(head.scheduledVersion);
  const live = and(unscheduled, isNotNull(head.publishedVersion), eq(head.unpublished, false));
  switch (state) {
    case 'scheduled':
      return isNotNull(head.scheduledVersion);
    case 'draft':
      return and(unscheduled, isNull(head.publishedVersion));
    case 'unpublished':
      return and(unscheduled, isNotNull(head.publishedVersion), eq(head.unpublished, true));
    case 'upcoming':
      return and(live, gt(head.startsAt, now));
    case 'ended':
      return and(live, lte(head.startsAt, now), lte(head.endsAt, now));
    case 'running':
      return and(live, lte(head.startsAt, now), or(isNull(head.endsAt), gt(head.endsAt, now)));
  }
}

/** The states in the order the list sorts them: by name. */
const STATES_BY_NAME: readonly PromotionState[] = [...PROMOTION_STATES].sort();

const SORTS = {
  slug: promotionHeads.slug,
  title: promotionHeads.title,
  updated: promotionHeads.updatedAt,
  starts: promotionHeads.startsAt,
  ends: promotionHeads.endsAt,
} as const;

/** The "missing" filter's column of each language (the database keeps them from `languages`). */
const MISSING: Record<PromoTextLanguage, AnyPgColumn> = {
  en: promotionHeads.missingEn,
  ru: promotionHeads.missingRu,
  ar: promotionHeads.missingAr,
};

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a list row reads of a head (not its search text). */
const LIST_COLUMNS = {
  slug: promotionHeads.slug,
  title: promotionHeads.title,
  mechanic: promotionHeads.mechanic,
  product: promotionHeads.product,
  startsAt: promotionHeads.startsAt,
  endsAt: promotionHeads.endsAt,
  publishAt: promotionHeads.publishAt,
  languages: promotionHeads.languages,
  latestVersion: promotionHeads.latestVersion,
  publishedVersion: promotionHeads.publishedVersion,
  scheduledVersion: promotionHeads.scheduledVersion,
  unpublished: promotionHeads.unpublished,
  lastEditor: promotionHeads.lastEditor,
  updatedAt: promotionHeads.updatedAt,
};
type ListedHead = { [K in keyof typeof LIST_COLUMNS]: Head[K] };

/** The columns the list filters and sorts by: what its statistics are taken of. */
const PLANNED_COLUMNS = [
  promotionHeads.slug,
  promotionHeads.title,
  promotionHeads.updatedAt,
  promotionHeads.startsAt,
  promotionHeads.endsAt,
  promotionHeads.scheduledVersion,
  promotionHeads.publishedVersion,
  promotionHeads.unpublished,
  promotionHeads.mechanic,
  promotionHeads.product,
  ...Object.values(MISSING),
];

/** The time-based states: a count of one is kept this long, as its rows move with the clock. */
const TIMED_STATES: ReadonlySet<PromotionState> = new Set(['upcoming', 'running', 'ended']);
const TIMED_COUNT_MS = 2000;
const COUNTS_KEPT = 500;

/**
 * The list's counts by filter, and when its planner statistics were taken, for one app: a count
 * stands while no promotion head was written (the console revision, one primary-key read) and,
 * for the time-based states, a couple of seconds.
 * Counting 10,000 heads for every page was most of a page's time on PGlite.
 */
export function createListCounts() {
  const counts = new Map<string, { revision: number; at: number; total: number }>();
  /** When the planner's statistics of the heads were last taken (PGlite): the revision and the rows then. */
  let analyzed: { revision: number; rows: number } | undefined;
  return {
    /** Whether they are due: never taken by this app, or autovacuum's rule (50 + 10 % of the rows written since). */
    statisticsDue: (revision: number) =>
      analyzed === undefined || revision - analyzed.revision > 50 + analyzed.rows / 10,
    statisticsTaken(revision: number, rows: number): void {
      analyzed = { revision, rows };
    },
    get(key: string, revision: number, timed: boolean, now: number): number | undefined {
      const kept = counts.get(key);
      if (!kept || kept.revision !== revision || (timed && now - kept.at >= TIMED_COUNT_MS)) return undefined;
      return kept.total;
    },
    set(key: string, revision: number, now: number, total: number): void {
      if (counts.size >= COUNTS_KEPT) counts.delete(counts.keys().next().value ?? '');
      counts.set(key, { revision, at: now, total });
    },
  };
}
export type ListCounts = ReturnType<typeof createListCounts>;

/**
 * The planner's statistics of the heads' list columns, on PGlite, when this app has not taken
 * them yet or autovacuum's rule says so (50 + 10 % of the rows written since; each console write
 * is one statement on the heads, what the revision counts). Without them the planner guessed that
 * every filter matched a handful of rows and sorted the whole table for each page. PostgreSQL's
 * autovacuum takes them there; in a transaction none are taken.
 */
async function keepStatistics(db: Db, revision: number, counts: ListCounts): Promise<void> {
  if (!('$client' in db) || isSharedDatabase(db) || !counts.statisticsDue(revision)) return;
  const columns = sql.join(
    PLANNED_COLUMNS.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  await db.execute(sql`analyze ${promotionHeads} (${columns})`);
  const [all] = await db.select({ n: count() }).from(promotionHeads);
  counts.statisticsTaken(revision, all?.n ?? 0);
}

/**
 * Rows `offset` to `offset + limit` of the heads `where` picks, in `column`'s order, ties by slug.
 * Given their exact count (`total`), a page past the middle is read walking back from the end, so
 * the last page reads as few rows as the first.
 */
async function listPage(
  db: Db,
  where: SQL | undefined,
  column: AnyPgColumn,
  descending: boolean,
  offset: number,
  limit: number,
  total: number | undefined,
): Promise<ListedHead[]> {
  // The rows after the page, when their number is known.
  const after = total === undefined ? Number.POSITIVE_INFINITY : total - offset - limit;
  const backwards = offset > 0 && after < offset;
  const take = backwards ? limit + Math.min(after, 0) : limit;
  if (take <= 0) return [];
  const direction = descending === backwards ? asc : desc;
  const rows = await db
    .select(LIST_COLUMNS)
    .from(promotionHeads)
    .where(where)
    .orderBy(direction(column), direction(promotionHeads.slug))
    .limit(take)
    .offset(backwards ? Math.max(after, 0) : offset);
  return backwards ? rows.reverse() : rows;
}

/**
 * One page of the console's promotions, filtered, searched and sorted in the database: the page's
 * rows by the sort's index (ties by slug), and the count of all that match (kept in `counts` while
 * no head changed). By state, the page is read from each state it spans, by slug, in the states'
 * order: a state is not a column (it moves with the clock), so no index holds that order.
 */
export async function promotionList(
  db: Db,
  query: PromotionListQuery,
  now = new Date(),
  counts: ListCounts = createListCounts(),
): Promise<PromotionList> {
  const [head] = await db.select({ revision: consoleRevision.revision }).from(consoleRevision);
  const revision = head?.revision ?? -1;
  await keepStatistics(db, revision, counts);
  const filters = [
    ...(query.mechanic ? [eq(promotionHeads.mechanic, query.mechanic)] : []),
    ...(query.product ? [eq(promotionHeads.product, query.product)] : []),
    ...(query.missing ? [eq(MISSING[query.missing], true)] : []),
    ...(query.q ? [sql`${promotionHeads.search} like ${likePattern(query.q)}`] : []),
  ];
  const where = (state: PromotionState | undefined) => and(...filters, ...(state ? [stateWhere(state, now)] : []));
  const at = now.getTime();
  /** How many heads match with `state`: kept (see createListCounts) unless `exact` and the state is time-based. */
  const countOf = async (state: PromotionState | undefined, exact: boolean) => {
    const key = JSON.stringify([state, query.mechanic, query.product, query.missing, query.q]);
    const timed = state !== undefined && TIMED_STATES.has(state);
    const kept = timed && exact ? undefined : counts.get(key, revision, timed, at);
    if (kept !== undefined) return kept;
    const total = (await db.select({ n: count() }).from(promotionHeads).where(where(state)))[0]?.n ?? 0;
    counts.set(key, revision, at, total);
    return total;
  };
  const descending = query.order === 'desc';
  const offset = (query.page - 1) * query.size;
  const sort = query.sort ?? 'updated';
  const rows: ListedHead[] = [];
  if (sort === 'state') {
    let skip = offset;
    const states = query.state ? [query.state] : descending ? [...STATES_BY_NAME].reverse() : STATES_BY_NAME;
    for (const state of states) {
      if (rows.length === query.size) break;
      const inState = await countOf(state, true);
      if (skip >= inState) {
        skip -= inState;
        continue;
      }
      rows.push(
        ...(await listPage(db, where(state), promotionHeads.slug, descending, skip, query.size - rows.length, inState)),
      );
      skip = 0;
    }
  } else {
    // A time-based state's kept count may be a second old: the page is then read from the start.
    const exact = query.state === undefined || !TIMED_STATES.has(query.state);
    const total = await countOf(query.state, false);
    rows.push(
      ...(await listPage(
        db,
        where(query.state),
        SORTS[sort],
        descending,
        offset,
        query.size,
        exact ? total : undefined,
      )),
    );
  }
  return {
    items: rows.map((row) => listRow(row, now)),
    total: await countOf(query.state, false),
    page: query.page,
    size: query.size,
  };
}

function listRow(head: ListedHead, now: Date): PromotionRow {
  const languages = head.languages.filter((language): language is PromoTextLanguage =>
    (PROMO_TEXT_LANGUAGES as readonly string[]).includes(language),
  );
  return {
    slug: head.slug,
    title: head.title,
    mechanic: head.mechanic as PromoMechanic,
    product: head.product as PromotionRow['product'],
    state: promotionState(head, now),
    startsAt: unixSeconds(head.startsAt),
    endsAt: head.endsAt ? unixSeconds(head.endsAt) : null,
    publishAt: head.publishAt ? unixSeconds(head.publishAt) : null,
    languages,
    missing: PROMO_TEXT_LANGUAGES.filter((language) => !languages.includes(language)),
    latestVersion: head.latestVersion,
    publishedVersion: head.unpublished ? null : head.publishedVersion,
    lastEditor: head.lastEditor,
    updatedAt: unixSeconds(head.updatedAt),
  };
}

const notFound = (slug: string) => httpError(404, `No promotion ${slug}`, 'not_found');

async function lockedHead(tx: Transaction, slug: string): Promise<Head> {
  const [head] = await tx.select().from(promotionHeads).where(eq(promotionHeads.slug, slug)).for('update');
  if (!head) throw notFound(slug);
  return head;
}

async function versionRow(db: Db, slug: string, version: number) {
  const [row] = await db
    .select()
    .from(promotionVersions)
    .where(and(eq(promotionVersions.slug, slug), eq(promotionVersions.version, version)));
  if (!row) throw httpError(404, `No version ${version} of ${slug}`, 'not_found');
  return row;
}

/** A version as an answer carries it, its problems worded in `language`. */
function versionOf(row: typeof promotionVersions.$inferSelect, language: string): PromotionVersion {
  const content = promoDraftSchema.parse(row.content);
  return {
    version: row.version,
    content,
    author: row.author,
    createdAt: unixSeconds(row.createdAt),
    basedOn: row.basedOn,
    problems: publishProblems(content, language),
  };
}

/**
 * A promotion as the console shows it: its latest version (its problems in `language`), what is
 * published and scheduled, its history.
 */
export async function consolePromotion(
  db: Db,
  slug: string,
  language = 'en',
  now = new Date(),
): Promise<ConsolePromotion> {
  const [head] = await db.select().from(promotionHeads).where(eq(promotionHeads.slug, slug));
  if (!head) throw notFound(slug);
  const history = await db
    .select({
      version: promotionVersions.version,
      author: promotionVersions.author,
      createdAt: promotionVersions.createdAt,
      basedOn: promotionVersions.basedOn,
    })
    .from(promotionVersions)
    .where(eq(promotionVersions.slug, slug))
    .orderBy(desc(promotionVersions.version));
  const latest = await versionRow(db, slug, head.latestVersion);
  return {
    slug,
    state: promotionState(head, now),
    latest: versionOf(latest, language),
    publishedVersion: head.unpublished ? null : head.publishedVersion,
    scheduled:
      head.scheduledVersion !== null && head.publishAt
        ? { version: head.scheduledVersion, at: unixSeconds(head.publishAt), by: head.scheduledBy ?? '' }
        : null,
    history: history.map((entry) => ({ ...entry, createdAt: unixSeconds(entry.createdAt) })),
  };
}

/** One version's content alone (404 when the promotion has no such version). */
export async function versionContent(db: Db, slug: string, version: number): Promise<PromoDraft> {
  return promoDraftSchema.parse((await versionRow(db, slug, version)).content);
}

/** One version with its content (its problems in `language`). */
export async function promotionVersion(
  db: Db,
  slug: string,
  version: number,
  language = 'en',
): Promise<PromotionVersion> {
  return versionOf(await versionRow(db, slug, version), language);
}

/**
 * The content check on a save: 422 `content_check` with its problems, worded in the answer's
 * language (a draft may still lack languages).
 */
function checkContent(draft: PromoDraft): void {
  const count = contentProblems(draft).length;
  if (count > 0) {
    throw withDetails(httpError(422, `The content check found ${count} problem(s)`, 'content_check'), (language) => ({
      problems: contentProblems(draft, language),
    }));
  }
}

/** A promotion id another promotion serves or holds in its latest version: 409 `id_taken`. */
async function checkIds(tx: Transaction, slug: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const [served] = await tx
    .select({ id: promotions.id, slug: promotions.slug })
    .from(promotions)
    .where(and(inArray(promotions.id, [...ids]), ne(promotions.slug, slug)))
    .limit(1);
  const holds = sql.join(
    ids.map((id) => sql`${promotionVersions.content} -> 'ids' @> ${JSON.stringify([id])}::jsonb`),
    sql` or `,
  );
  const [other] = served
    ? []
    : await tx
        .select({ slug: promotionVersions.slug, ids: sql<number[]>`${promotionVersions.content} -> 'ids'` })
        .from(promotionHeads)
        .innerJoin(
          promotionVersions,
          and(
            eq(promotionVersions.slug, promotionHeads.slug),
            eq(promotionVersions.version, promotionHeads.latestVersion),
          ),
        )
        .where(and(ne(promotionHeads.slug, slug), sql`(${holds})`))
        .limit(1);
  const held = served ?? (other ? { slug: other.slug, id: ids.find((id) => other.ids.includes(id)) ?? 0 } : undefined);
  if (held) {
    throw httpError(409, `Promotion id ${held.id} belongs to ${held.slug}`, 'id_taken', {
      id: held.id,
      slug: held.slug,
    });
  }
}

async function writeVersion(
  tx: Transaction,
  actor: Actor,
  draft: PromoDraft,
  basedOn: number | null,
  version: number,
  now: Date,
): Promise<void> {
  await tx.insert(promotionVersions).values({
    slug: draft.slug,
    version,
    content: draft,
    author: actor.name,
    createdAt: now,
    basedOn,
  });
}

/** A new promotion: version 1, a draft. 409 when its slug or an id is taken. */
export async function createPromotion(
  tx: Transaction,
  actor: Actor,
  input: PromoDraft,
  now = new Date(),
): Promise<void> {
  const draft = absoluteSchedule(input, now.getTime());
  checkContent(draft);
  const [taken] = await tx
    .select({ slug: promotions.slug })
    .from(promotions)
    .where(eq(promotions.slug, draft.slug))
    .limit(1);
  const [head] = await tx
    .select({ slug: promotionHeads.slug })
    .from(promotionHeads)
    .where(eq(promotionHeads.slug, draft.slug));
  if (taken || head) throw httpError(409, `The slug ${draft.slug} is taken`, 'slug_taken', { slug: draft.slug });
  await checkIds(tx, draft.slug, draft.ids);
  await writeVersion(tx, actor, draft, null, 1, now);
  await tx.insert(promotionHeads).values({
    slug: draft.slug,
    latestVersion: 1,
    ...headFields(draft),
    lastEditor: actor.name,
    updatedAt: now,
  });
  await audit(tx, actor, {
    entity: 'promotion',
    entityId: draft.slug,
    action: 'create',
    before: null,
    after: draft,
    version: 1,
  });
}

/**
 * Saves a new version on top of `basedOn` (the If-Match the editor started from). A newer version
 * saved since is a 409 `stale_version` whose answer carries it (`latest`): the editor shows both,
 * and neither is lost.
 */
export async function savePromotion(
  tx: Transaction,
  actor: Actor,
  slug: string,
  input: PromoDraft,
  basedOn: number,
  action: 'save' | 'restore' = 'save',
  now = new Date(),
): Promise<number> {
  if (input.slug !== slug) throw httpError(400, 'A promotion keeps its slug; duplicate it for another', 'slug_change');
  const head = await lockedHead(tx, slug);
  const previous = await versionRow(tx, slug, head.latestVersion);
  if (basedOn !== head.latestVersion) {
    throw withDetails(
      httpError(
        409,
        `Version ${head.latestVersion} was saved by ${previous.author} since version ${basedOn}`,
        'stale_version',
        {
          version: head.latestVersion,
          author: previous.author,
        },
      ),
      (language) => ({ latest: versionOf(previous, language) }),
    );
  }
  const draft = absoluteSchedule(input, now.getTime());
  checkContent(draft);
  await checkIds(tx, slug, draft.ids);
  const version = head.latestVersion + 1;
  await writeVersion(tx, actor, draft, basedOn, version, now);
  await tx
    .update(promotionHeads)
    .set({ latestVersion: version, ...headFields(draft), lastEditor: actor.name, updatedAt: now, seeded: false })
    .where(eq(promotionHeads.slug, slug));
  await audit(tx, actor, {
    entity: 'promotion',
    entityId: slug,
    action,
    before: previous.content,
    after: draft,
    version,
  });
  return version;
}

/** An earlier version saved again as the newest. */
export async function restoreVersion(tx: Transaction, actor: Actor, slug: string, version: number, now = new Date()) {
  const head = await lockedHead(tx, slug);
  const earlier = await versionRow(tx, slug, version);
  return savePromotion(tx, actor, slug, promoDraftSchema.parse(earlier.content), head.latestVersion, 'restore', now);
}

/** The title each language's dictionary shows for a promotion (the config's titles). */
const titleKey = (slug: string) => `promo_title_${slug.replace(/-/g, '_')}`;

/**
 * Writes complete versions into the rows the frame reads (decision 042): one per id, published; a
 * row of an id a version no longer lists is unpublished (its players' history stays); each title
 * in the dictionaries. The promotions trigger bumps the content version and tells every process,
 * in this transaction.
 */
export async function projectVersions(tx: Transaction, contents: readonly PromoContent[], now: number): Promise<void> {
  const rows = contents.flatMap((content) => promotionRows(content, now)).map((row) => ({ ...row, published: true }));
  // One statement for them all (the seed projects every file at start): an id another version
  // now lists is kept here and taken over by the upsert below.
  const ids = contents.flatMap((content) => content.ids);
  if (contents.length > 0) {
    await tx
      .update(promotions)
      .set({ published: false })
      .where(
        and(
          inArray(
            promotions.slug,
            contents.map((content) => content.slug),
          ),
          ...(ids.length ? [notInArray(promotions.id, ids)] : []),
        ),
      );
  }
  if (rows.length > 0) {
    await tx
      .insert(promotions)
      .values(rows)
      .onConflictDoUpdate({
        target: promotions.id,
        set: {
          slug: sql`excluded.slug`,
          template: sql`excluded.template`,
          mechanic: sql`excluded.mechanic`,
          startsAt: sql`excluded.starts_at`,
          endsAt: sql`excluded.ends_at`,
          currencyCode: sql`excluded.currency_code`,
          prizes: sql`excluded.prizes`,
          content: sql`excluded.content`,
          published: sql`excluded.published`,
        },
      });
  }
  const titles = contents.flatMap((content) =>
    Object.entries(content.texts).map(([langCode, texts]) => ({
      langCode,
      key: titleKey(content.slug),
      value: texts.title,
      unit: 'promotions',
    })),
  );
  if (titles.length > 0) {
    await tx
      .insert(dictionaryEntries)
      .values(titles)
      .onConflictDoUpdate({
        target: [dictionaryEntries.langCode, dictionaryEntries.key],
        set: { value: sql`excluded.value`, unit: sql`excluded.unit` },
      });
  }
}

/** A version that can be published, or 422 `not_publishable` with why not (in the answer's language). */
function publishable(draft: PromoDraft): PromoContent {
  const [first] = publishProblems(draft);
  if (first) {
    throw withDetails(
      httpError(422, `Version cannot be published: ${first.message}`, 'not_publishable'),
      (language) => ({
        problems: publishProblems(draft, language),
      }),
    );
  }
  return promoContentSchema.parse(draft);
}

/** A head without a scheduled publication. */
const NO_SCHEDULE = { scheduledVersion: null, publishAt: null, scheduledBy: null } as const;

/** Publishes a version now: the frame shows it on every process within a second. */
export async function publishVersion(tx: Transaction, actor: Actor, slug: string, version: number, now = new Date()) {
  const head = await lockedHead(tx, slug);
  const content = publishable(promoDraftSchema.parse((await versionRow(tx, slug, version)).content));
  await checkIds(tx, slug, content.ids);
  await projectVersions(tx, [content], now.getTime());
  await tx
    .update(promotionHeads)
    .set({ publishedVersion: version, unpublished: false, ...NO_SCHEDULE, seeded: false })
    .where(eq(promotionHeads.slug, slug));
  await audit(tx, actor, {
    entity: 'promotion',
    entityId: slug,
    action: 'publish',
    before: { publishedVersion: head.unpublished ? null : head.publishedVersion },
    after: { publishedVersion: version },
    version,
  });
}

/** Publishes a version at a later time (the publication job does it then). */
export async function schedulePublication(
  tx: Transaction,
  actor: Actor,
  slug: string,
  version: number,
  at: Date,
  now = new Date(),
) {
  if (at <= now) throw httpError(422, 'That time has passed', 'past_time');
  const head = await lockedHead(tx, slug);
  publishable(promoDraftSchema.parse((await versionRow(tx, slug, version)).content));
  await tx
    .update(promotionHeads)
    .set({ scheduledVersion: version, publishAt: at, scheduledBy: actor.name, seeded: false })
    .where(eq(promotionHeads.slug, slug));
  await audit(tx, actor, {
    entity: 'promotion',
    entityId: slug,
    action: 'schedule',
    before: { scheduledVersion: head.scheduledVersion, publishAt: head.publishAt?.toISOString() ?? null },
    after: { scheduledVersion: version, publishAt: at.toISOString() },
    version,
  });
}

/** Takes a promotion off the frame (its page is the frame's 404) and cancels its scheduled publication. */
export async function unpublishPromotion(tx: Transaction, actor: Actor, slug: string) {
  const head = await lockedHead(tx, slug);
  await tx.update(promotions).set({ published: false }).where(eq(promotions.slug, slug));
  await tx
    .update(promotionHeads)
    .set({ unpublished: head.publishedVersion !== null, ...NO_SCHEDULE, seeded: false })
    .where(eq(promotionHeads.slug, slug));
  await audit(tx, actor, {
    entity: 'promotion',
    entityId: slug,
    action: 'unpublish',
    before: {
      publishedVersion: head.unpublished ? null : head.publishedVersion,
      scheduledVersion: head.scheduledVersion,
    },
    after: { publishedVersion: null, scheduledVersion: null },
    version: null,
  });
}

/** How often each process looks for due publications: a scheduled one happens within this of its time. */
export const PUBLICATION_CHECK_MS = 2000;

/**
 * The scheduled publications that are due, each published once however many processes run this:
 * the due heads are taken with FOR UPDATE SKIP LOCKED. A version that fails the checks by then is
 * not published; its schedule is dropped and the audit log says why.
 */
export async function publishDue(tx: Transaction, now = new Date(), limit = 20): Promise<string[]> {
  const due = await tx
    .select()
    .from(promotionHeads)
    .where(and(isNotNull(promotionHeads.publishAt), lte(promotionHeads.publishAt, now)))
    .orderBy(asc(promotionHeads.publishAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const published: string[] = [];
  for (const head of due) {
    const version = head.scheduledVersion ?? head.latestVersion;
    const actor: Actor = { staffId: null, name: `schedule:${head.scheduledBy ?? ''}`, address: 'server' };
    const draft = promoDraftSchema.parse((await versionRow(tx, head.slug, version)).content);
    const problems = publishProblems(draft);
    if (problems.length > 0) {
      await tx.update(promotionHeads).set(NO_SCHEDULE).where(eq(promotionHeads.slug, head.slug));
      await audit(tx, actor, {
        entity: 'promotion',
        entityId: head.slug,
        action: 'schedule-failed',
        before: { scheduledVersion: version },
        after: { problems },
        version,
      });
      continue;
    }
    await publishVersion(tx, actor, head.slug, version, now);
    published.push(head.slug);
  }
  return published;
}

/** The lowest promotion id free in the frame's rows and in every promotion's versions. */
async function freeId(db: Db): Promise<number> {
  const [served] = await db.select({ max: max(promotions.id) }).from(promotions);
  const [held] = await db
    .select({ max: sql<number | null>`max((ids.id)::int)` })
    .from(sql`${promotionVersions}, jsonb_array_elements_text(${promotionVersions.content} -> 'ids') as ids(id)`);
  return Math.max(served?.max ?? 0, Number(held?.max ?? 0)) + 1;
}

async function freeSlug(db: Db, base: string): Promise<string> {
  const stem = base.slice(0, 56);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? stem : `${stem}-${n}`;
    const [head] = await db
      .select({ slug: promotionHeads.slug })
      .from(promotionHeads)
      .where(eq(promotionHeads.slug, candidate));
    const [row] = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(eq(promotions.slug, candidate))
      .limit(1);
    if (!head && !row) return candidate;
  }
}

/**
 * How a new draft starts: a copy of a promotion (its latest version) under a free slug and id, or
 * a mechanic's reference promotion (the first of that mechanic) with its terms, prizes, call to
 * action and art but none of its texts. A mechanic no promotion uses yet starts bare.
 */
export async function draftStart(
  db: Db,
  from: { mechanic?: PromoMechanic; slug?: string },
  now = new Date(),
): Promise<PromoDraft> {
  if ((from.mechanic === undefined) === (from.slug === undefined)) {
    throw httpError(400, 'Name a mechanic or a promotion to copy, not both', 'invalid_param');
  }
  const id = await freeId(db);
  if (from.slug) {
    const [head] = await db.select().from(promotionHeads).where(eq(promotionHeads.slug, from.slug));
    if (!head) throw notFound(from.slug);
    const source = promoDraftSchema.parse((await versionRow(db, from.slug, head.latestVersion)).content);
    return { ...source, slug: await freeSlug(db, `${from.slug}-copy`), ids: [id] };
  }
  const mechanic = from.mechanic as PromoMechanic;
  const [reference] = await db
    .select({ content: promotionVersions.content })
    .from(promotionHeads)
    .innerJoin(
      promotionVersions,
      and(eq(promotionVersions.slug, promotionHeads.slug), eq(promotionVersions.version, promotionHeads.latestVersion)),
    )
    .where(eq(promotionHeads.mechanic, mechanic))
    .orderBy(asc(promotionHeads.slug))
    .limit(1);
  const slug = await freeSlug(db, `new-${mechanic}`);
  const week = 7 * 24 * 60 * 60_000;
  const schedule = {
    starts: isoTime(new Date(now.getTime() + 24 * 60 * 60_000)),
    ends: isoTime(new Date(now.getTime() + 2 * week)),
  };
  if (!reference) {
    return {
      slug,
      ids: [id],
      mechanic,
      product: 'general',
      currencyCode: 'USD',
      schedule,
      prizes: [],
      terms: {},
      cta: { to: 'information' },
      hero: { art: 'gift', accent: '#2563eb' },
      texts: {},
    };
  }
  const { texts: _texts, of: _of, ...rest } = promoDraftSchema.parse(reference.content);
  return { ...rest, slug, ids: [id], mechanic, schedule, texts: {} };
}
