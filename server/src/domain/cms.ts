import type { Banner, CmsPage, CmsPageType } from '@promo/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { cmsPages, promoBanners } from '../db/schema.ts';
import { httpError } from '../http-error.ts';
import { unixSeconds } from './time.ts';

/** The language a page falls back to when it has no version in the asked one. */
export const CMS_FALLBACK_LANGUAGE = 'en';

type Row = typeof cmsPages.$inferSelect;

const toPage = (row: Row): CmsPage => ({
  id: row.id,
  type: row.type as CmsPageType,
  slug: row.slug,
  language: row.language,
  version: row.version,
  title: row.title,
  description: row.description,
  publishedAt: unixSeconds(row.publishedAt),
  blocks: row.blocks as CmsPage['blocks'],
});

/** The latest published version of a page in one language, if it has one. */
export async function latestPage(
  db: Database,
  type: CmsPageType,
  slug: string,
  language: string,
): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(cmsPages)
    .where(and(eq(cmsPages.type, type), eq(cmsPages.slug, slug), eq(cmsPages.language, language)))
    .orderBy(desc(cmsPages.version))
    .limit(1);
  return row;
}

/** Where the page answers read a page's latest version: the database, or the route's content cache. */
export type PageLookup = (type: CmsPageType, slug: string, language: string) => Promise<Row | undefined>;

/**
 * The latest published version of a page in a language (else in the fallback language); 404 when
 * there is none, or when the page is limited to countries the caller is not in.
 */
export async function cmsPage(
  db: Database,
  query: { type: CmsPageType; slug: string; language: string; country?: string },
  latest: PageLookup = (type, slug, language) => latestPage(db, type, slug, language),
): Promise<CmsPage> {
  const row =
    (await latest(query.type, query.slug, query.language)) ??
    (await latest(query.type, query.slug, CMS_FALLBACK_LANGUAGE));
  if (!row) throw httpError(404, `${query.type} page ${query.slug} not found`);
  if (row.countries && query.country && !row.countries.includes(query.country.toUpperCase())) {
    throw httpError(404, `${query.type} page ${query.slug} is not offered in ${query.country}`);
  }
  return toPage(row);
}

/** Spec 2 /{section}: a section is a landing page; true when one has this slug in any language. */
export async function sectionExists(db: Database, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: cmsPages.id })
    .from(cmsPages)
    .where(and(eq(cmsPages.type, 'landing'), eq(cmsPages.slug, slug)))
    .limit(1);
  return rows.length > 0;
}

/** A landing page by its id (any language version of it), served in the asked language if it has one. */
export async function landingPage(db: Database, id: number, language: string, latest?: PageLookup): Promise<CmsPage> {
  const [row] = await db
    .select({ slug: cmsPages.slug })
    .from(cmsPages)
    .where(and(eq(cmsPages.id, id), eq(cmsPages.type, 'landing')));
  if (!row) throw httpError(404, `Landing ${id} not found`);
  return cmsPage(db, { type: 'landing', slug: row.slug, language }, latest);
}

type BannerRow = typeof promoBanners.$inferSelect;

/** A language's banners, running or ended, in their order. */
export const bannerRows = (db: Database, language: string): Promise<BannerRow[]> =>
  db.select().from(promoBanners).where(eq(promoBanners.language, language)).orderBy(asc(promoBanners.sortOrder));

/**
 * The running banners in a language (the fallback language's when it has none), in their order.
 * `rowsOf` reads a language's rows: the database, or the route's content cache.
 */
export async function banners(
  db: Database,
  language: string,
  now = new Date(),
  rowsOf: (language: string) => Promise<BannerRow[]> = (lang) => bannerRows(db, lang),
): Promise<{ banners: Banner[] }> {
  const running = async (lang: string) => (await rowsOf(lang)).filter((row) => row.endsAt === null || row.endsAt > now);
  let rows = await running(language);
  if (rows.length === 0) rows = await running(CMS_FALLBACK_LANGUAGE);
  return {
    banners: rows.map((row) => ({
      id: row.id,
      title: row.title,
      text: row.text,
      image: row.image,
      href: row.href,
      endsAt: row.endsAt ? unixSeconds(row.endsAt) : null,
    })),
  };
}
