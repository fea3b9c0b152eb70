import { randomBytes } from 'node:crypto';
import type { CmsPage, CmsPageDraft, CmsPageRow, CmsPageType, CmsPageVersion, ConsoleCmsPage } from '@promo/contract';
import { and, asc, desc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { cmsPageHeads, cmsPagePreviews, cmsPages } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError, withDetails } from '../http-error.ts';
import { type Actor, audit } from './audit.ts';
import { CMS_FALLBACK_LANGUAGE, toPage } from './cms.ts';
import { PREVIEW_TTL_MS, previewTokenHash } from './promotion-previews.ts';
import { unixSeconds } from './time.ts';

/**
 * CMS pages in the console (decision 050): the `cms_pages` rows are the versions, a version a row
 * per language; the rows of the published version are flagged `published` and the frame serves
 * them. `cms_page_heads` names each page's latest and published versions and is the lock a save
 * takes. Every write is audited in its transaction (entity `cms-page`, id `type/slug`).
 */

type Db = Database | Transaction;
type Head = typeof cmsPageHeads.$inferSelect;
type Row = typeof cmsPages.$inferSelect;
interface PageKey {
  type: CmsPageType;
  slug: string;
}

const entityId = ({ type, slug }: PageKey) => `${type}/${slug}`;
const notFound = (key: PageKey, version?: number) =>
  httpError(404, `No CMS page ${entityId(key)}${version === undefined ? '' : ` version ${version}`}`, 'not_found');
const ofPage = (key: PageKey) => and(eq(cmsPages.type, key.type), eq(cmsPages.slug, key.slug));
const headOf = (key: PageKey) => and(eq(cmsPageHeads.type, key.type), eq(cmsPageHeads.slug, key.slug));

async function versionRows(db: Db, key: PageKey, version: number): Promise<Row[]> {
  return db
    .select()
    .from(cmsPages)
    .where(and(ofPage(key), eq(cmsPages.version, version)))
    .orderBy(asc(cmsPages.language));
}

/** A version from its rows (one per language); 404 when it has none. */
function versionOf(key: PageKey, version: number, rows: readonly Row[]): CmsPageVersion {
  const [first] = rows;
  if (!first) throw notFound(key, version);
  return {
    version,
    author: first.author,
    basedOn: first.basedOn,
    createdAt: unixSeconds(first.createdAt),
    countries: first.countries,
    languages: Object.fromEntries(
      rows.map((row) => [
        row.language,
        {
          title: row.title,
          description: row.description,
          blocks: row.blocks as CmsPageVersion['languages'][string]['blocks'],
        },
      ]),
    ),
  };
}

function rowOf(head: Head, latest: CmsPageVersion): CmsPageRow {
  const languages = Object.keys(latest.languages);
  const titled = latest.languages[CMS_FALLBACK_LANGUAGE] ?? Object.values(latest.languages)[0];
  return {
    type: head.type as CmsPageType,
    slug: head.slug,
    title: titled?.title ?? head.slug,
    languages,
    latestVersion: head.latestVersion,
    publishedVersion: head.publishedVersion,
    scheduledVersion: head.scheduledVersion,
    publishAt: head.publishAt ? unixSeconds(head.publishAt) : null,
    updatedAt: unixSeconds(head.updatedAt),
    lastEditor: head.lastEditor,
  };
}

/** Every page with its latest version's languages and title, by type and slug. */
export async function cmsPageList(db: Database): Promise<CmsPageRow[]> {
  const heads = await db.select().from(cmsPageHeads).orderBy(asc(cmsPageHeads.type), asc(cmsPageHeads.slug));
  const rows = await db.select().from(cmsPages).orderBy(asc(cmsPages.language));
  return heads.map((head) => {
    const latest = rows.filter(
      (row) => row.type === head.type && row.slug === head.slug && row.version === head.latestVersion,
    );
    return rowOf(head, versionOf(head as PageKey, head.latestVersion, latest));
  });
}

/** A page's versions, the newest first. */
async function versionList(db: Db, key: PageKey): Promise<ConsoleCmsPage['versions']> {
  const rows = await db
    .selectDistinctOn([cmsPages.version], {
      version: cmsPages.version,
      author: cmsPages.author,
      basedOn: cmsPages.basedOn,
      createdAt: cmsPages.createdAt,
    })
    .from(cmsPages)
    .where(ofPage(key))
    .orderBy(desc(cmsPages.version));
  return rows.map((row) => ({ ...row, createdAt: unixSeconds(row.createdAt) }));
}

/** A page with its latest version and its history, as the editor opens it. */
export async function consoleCmsPage(db: Db, key: PageKey): Promise<ConsoleCmsPage> {
  const [head] = await db.select().from(cmsPageHeads).where(headOf(key));
  if (!head) throw notFound(key);
  const latest = versionOf(key, head.latestVersion, await versionRows(db, key, head.latestVersion));
  return { ...rowOf(head, latest), latest, versions: await versionList(db, key) };
}

/** One version of a page. */
export const cmsPageVersion = async (db: Db, key: PageKey, version: number): Promise<CmsPageVersion> =>
  versionOf(key, version, await versionRows(db, key, version));

async function lockedHead(tx: Transaction, key: PageKey): Promise<Head> {
  const [head] = await tx.select().from(cmsPageHeads).where(headOf(key)).for('update');
  if (!head) throw notFound(key);
  return head;
}

/** What the audit compares: the version's content. */
const auditedContent = (version: CmsPageVersion) => ({ countries: version.countries, languages: version.languages });

/**
 * Saves a new version on top of `basedOn` (the If-Match the editor started from): a row per
 * language, not served. A version saved since is a 409 `stale_version` whose answer carries it
 * (`latest`), so the editor shows both and nothing is lost.
 */
export async function saveCmsPage(
  tx: Transaction,
  actor: Actor,
  key: PageKey,
  draft: CmsPageDraft,
  basedOn: number,
  action: 'save' | 'restore' = 'save',
  now = new Date(),
): Promise<number> {
  const head = await lockedHead(tx, key);
  const previous = versionOf(key, head.latestVersion, await versionRows(tx, key, head.latestVersion));
  if (basedOn !== head.latestVersion) {
    throw withDetails(
      httpError(
        409,
        `Version ${head.latestVersion} was saved by ${previous.author ?? 'the seed'} since version ${basedOn}`,
        'stale_version',
        { version: head.latestVersion, author: previous.author ?? '' },
      ),
      { latest: previous },
    );
  }
  const version = head.latestVersion + 1;
  await tx.insert(cmsPages).values(
    Object.entries(draft.languages).map(([language, texts]) => ({
      ...key,
      language,
      version,
      title: texts.title,
      description: texts.description,
      blocks: texts.blocks,
      countries: draft.countries,
      published: false,
      author: actor.name,
      basedOn,
      createdAt: now,
      publishedAt: now,
    })),
  );
  await tx
    .update(cmsPageHeads)
    .set({ latestVersion: version, lastEditor: actor.name, updatedAt: now })
    .where(headOf(key));
  await audit(tx, actor, {
    entity: 'cms-page',
    entityId: entityId(key),
    action,
    before: auditedContent(previous),
    after: draft,
    version,
  });
  return version;
}

/** An earlier version saved again as the newest (not published). */
export async function restoreCmsPage(tx: Transaction, actor: Actor, key: PageKey, version: number): Promise<number> {
  const head = await lockedHead(tx, key);
  const earlier = await cmsPageVersion(tx, key, version);
  const draft = { languages: earlier.languages, countries: earlier.countries };
  return saveCmsPage(tx, actor, key, draft, head.latestVersion, 'restore');
}

/** A head without a scheduled publication. */
const NO_SCHEDULE = { scheduledVersion: null, publishAt: null, scheduledBy: null } as const;

/** Publishes a version at a later time: the publication job takes it then (publishDueCmsPages). */
export async function scheduleCmsPage(
  tx: Transaction,
  actor: Actor,
  key: PageKey,
  version: number,
  at: Date,
  now = new Date(),
) {
  if (at <= now) throw httpError(422, 'Choose a time in the future', 'past_time');
  const head = await lockedHead(tx, key);
  if ((await versionRows(tx, key, version)).length === 0) throw notFound(key, version);
  await tx
    .update(cmsPageHeads)
    .set({ scheduledVersion: version, publishAt: at, scheduledBy: actor.name, updatedAt: now })
    .where(headOf(key));
  await audit(tx, actor, {
    entity: 'cms-page',
    entityId: entityId(key),
    action: 'schedule',
    before: { scheduledVersion: head.scheduledVersion, publishAt: head.publishAt?.toISOString() ?? null },
    after: { scheduledVersion: version, publishAt: at.toISOString() },
    version,
  });
}

/**
 * Publishes the pages whose time has come; every process looks (the promotions' job), and each
 * due page is taken by one (FOR UPDATE SKIP LOCKED). The pages published.
 */
export async function publishDueCmsPages(tx: Transaction, now = new Date(), limit = 20): Promise<string[]> {
  const due = await tx
    .select()
    .from(cmsPageHeads)
    .where(and(isNotNull(cmsPageHeads.publishAt), lte(cmsPageHeads.publishAt, now)))
    .orderBy(asc(cmsPageHeads.publishAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  for (const head of due) {
    const actor: Actor = { staffId: null, name: `schedule:${head.scheduledBy ?? ''}`, address: 'server' };
    const key = { type: head.type as CmsPageType, slug: head.slug };
    await serveVersion(tx, actor, key, head.scheduledVersion ?? head.latestVersion, now);
  }
  return due.map((head) => entityId(head as PageKey));
}

/**
 * Serves one version of a page (its rows flagged published, every other row not), or none: the
 * frame's calls for it answer 404. Either cancels a scheduled publication. The cms_pages trigger bumps the content version, so every
 * process drops its cached answers.
 */
async function serveVersion(tx: Transaction, actor: Actor, key: PageKey, version: number | null, now: Date) {
  const head = await lockedHead(tx, key);
  if (version !== null && (await versionRows(tx, key, version)).length === 0) throw notFound(key, version);
  await tx
    .update(cmsPages)
    .set({ published: false })
    .where(and(ofPage(key), eq(cmsPages.published, true)));
  if (version !== null) {
    await tx
      .update(cmsPages)
      .set({ published: true, publishedAt: now })
      .where(and(ofPage(key), eq(cmsPages.version, version)));
  }
  await tx
    .update(cmsPageHeads)
    .set({ publishedVersion: version, ...NO_SCHEDULE, updatedAt: now })
    .where(headOf(key));
  await audit(tx, actor, {
    entity: 'cms-page',
    entityId: entityId(key),
    action: version === null ? 'unpublish' : 'publish',
    before: { publishedVersion: head.publishedVersion },
    after: { publishedVersion: version },
    version,
  });
}

/** Publishes a version: its rows become the ones the frame serves, the others are not. */
export const publishCmsPage = (tx: Transaction, actor: Actor, key: PageKey, version: number, now = new Date()) =>
  serveVersion(tx, actor, key, version, now);

/** Takes a page off the frame: no row of it is served (its calls answer 404). */
export const unpublishCmsPage = (tx: Transaction, actor: Actor, key: PageKey, now = new Date()) =>
  serveVersion(tx, actor, key, null, now);

/** Makes a preview link's token for a version (kept hashed, an hour), audited. */
export async function createCmsPreview(
  tx: Transaction,
  actor: Actor,
  key: PageKey,
  version: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  if ((await versionRows(tx, key, version)).length === 0) throw notFound(key, version);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
  await tx
    .insert(cmsPagePreviews)
    .values({ tokenHash: previewTokenHash(token), ...key, version, createdBy: actor.name, expiresAt });
  await audit(tx, actor, {
    entity: 'cms-page',
    entityId: entityId(key),
    action: 'preview',
    before: null,
    after: { expiresAt: expiresAt.toISOString() },
    version,
  });
  return { token, expiresAt };
}

/**
 * The version a live preview link names, in the asked language (else English, else its first),
 * its money in `currency`; 404 when the link is unknown or expired.
 */
export async function previewedPage(
  db: Database,
  token: string,
  { language, currency }: { language: string; currency: string },
  now = new Date(),
): Promise<CmsPage> {
  const [link] = await db
    .select()
    .from(cmsPagePreviews)
    .where(and(eq(cmsPagePreviews.tokenHash, previewTokenHash(token)), gt(cmsPagePreviews.expiresAt, now)));
  if (!link) throw httpError(404, 'This preview link is unknown or expired', 'not_found');
  const rows = await versionRows(db, link as PageKey, link.version);
  const row =
    rows.find((candidate) => candidate.language === language) ??
    rows.find((candidate) => candidate.language === CMS_FALLBACK_LANGUAGE) ??
    rows[0];
  if (!row) throw notFound(link as PageKey, link.version);
  return toPage(row, currency);
}
