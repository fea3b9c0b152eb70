import type { Banner, CmsAmounts, CmsPage, CmsPageType } from '@promo/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { cmsPages, promoBanners } from '../db/schema.ts';
import { httpError } from '../http-error.ts';
import { convertSums, currencyDigits, isKnownCurrency } from './currencies.ts';
import { unixSeconds } from './time.ts';

/** The language a page falls back to when it has no version in the asked one. */
export const CMS_FALLBACK_LANGUAGE = 'en';

/** The currency CMS amounts are written in, and pages are answered in when none is asked. */
export { CMS_BASE_CURRENCY } from '@promo/contract';

type Row = typeof cmsPages.$inferSelect;

/** A money value of CMS content: an object of exactly an amount and a currency the server knows. */
function isMoney(value: object): value is { amount: string; currencyCode: string } {
  const keys = Object.keys(value);
  const { amount, currencyCode } = value as Record<string, unknown>;
  return (
    keys.length === 2 && typeof amount === 'string' && typeof currencyCode === 'string' && isKnownCurrency(currencyCode)
  );
}

/**
 * CMS content (block props, a banner's amounts) with every money value in `currency`: converted at
 * the rates of converted-sum and the promotions, rounded to the currency's digits (decision 030).
 */
export function inCurrency<T>(content: T, currency: string): T {
  if (Array.isArray(content)) return content.map((item) => inCurrency(item, currency)) as T;
  if (content === null || typeof content !== 'object') return content;
  if (isMoney(content)) {
    const [amount] = convertSums([content.amount], content.currencyCode, currency, currencyDigits(currency)).sums;
    return { amount: amount ?? content.amount, currencyCode: currency } as T;
  }
  return Object.fromEntries(Object.entries(content).map(([key, value]) => [key, inCurrency(value, currency)])) as T;
}

/** A row as the frame reads it, its money in `currency`. */
export const toPage = (row: Row, currency: string): CmsPage => ({
  id: row.id,
  type: row.type as CmsPageType,
  slug: row.slug,
  language: row.language,
  version: row.version,
  title: row.title,
  description: row.description,
  publishedAt: unixSeconds(row.publishedAt),
  blocks: inCurrency(row.blocks as CmsPage['blocks'], currency),
});

/**
 * The published version of a page in one language, if it has one (the latest published, where
 * rows from before the console flag several: decision 050).
 */
export async function latestPage(
  db: Database,
  type: CmsPageType,
  slug: string,
  language: string,
): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(cmsPages)
    .where(
      and(
        eq(cmsPages.type, type),
        eq(cmsPages.slug, slug),
        eq(cmsPages.language, language),
        eq(cmsPages.published, true),
      ),
    )
    .orderBy(desc(cmsPages.version))
    .limit(1);
  return row;
}

/** Where the page answers read a page's latest version: the database, or the route's content cache. */
export type PageLookup = (type: CmsPageType, slug: string, language: string) => Promise<Row | undefined>;

/** Who a page is asked for: its language, the currency its money is shown in, the player's country. */
export interface Audience {
  language: string;
  /** A currency the server knows (the route checks it). */
  currency: string;
  /** An ISO country code in capitals, when the caller knows it. */
  country?: string;
}

/**
 * The latest published version of a page in a language (else in the fallback language), its money
 * in the audience's currency; 404 when there is none, or when the page is limited to countries and
 * the caller is not in one of them (a caller who names no country is in none).
 */
export async function cmsPage(
  db: Database,
  query: Audience & { type: CmsPageType; slug: string },
  latest: PageLookup = (type, slug, language) => latestPage(db, type, slug, language),
): Promise<CmsPage> {
  const row =
    (await latest(query.type, query.slug, query.language)) ??
    (await latest(query.type, query.slug, CMS_FALLBACK_LANGUAGE));
  if (!row) throw httpError(404, `${query.type} page ${query.slug} not found`);
  if (row.countries && !(query.country && row.countries.includes(query.country))) {
    throw httpError(
      404,
      `${query.type} page ${query.slug} is not offered in ${query.country ?? 'an unnamed country'}`,
      'not_offered_in_country',
    );
  }
  return toPage(row, query.currency);
}

/** Spec 2 /{section}: a section is a landing page; true when a published one has this slug in any language. */
export async function sectionExists(db: Database, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: cmsPages.id })
    .from(cmsPages)
    .where(and(eq(cmsPages.type, 'landing'), eq(cmsPages.slug, slug), eq(cmsPages.published, true)))
    .limit(1);
  return rows.length > 0;
}

/** A landing page by its id (any language version of it), served in the asked language if it has one. */
export async function landingPage(db: Database, id: number, audience: Audience, latest?: PageLookup): Promise<CmsPage> {
  const [row] = await db
    .select({ slug: cmsPages.slug })
    .from(cmsPages)
    .where(and(eq(cmsPages.id, id), eq(cmsPages.type, 'landing')));
  if (!row) throw httpError(404, `Landing ${id} not found`);
  return cmsPage(db, { ...audience, type: 'landing', slug: row.slug }, latest);
}

type BannerRow = typeof promoBanners.$inferSelect;

/** A language's banners, running or ended, in their order. */
export const bannerRows = (db: Database, language: string): Promise<BannerRow[]> =>
  db.select().from(promoBanners).where(eq(promoBanners.language, language)).orderBy(asc(promoBanners.sortOrder));

/**
 * The running banners in a language (the fallback language's when it has none), in their order,
 * their money in `currency`. `rowsOf` reads a language's rows: the database, or the route's
 * content cache.
 */
export async function banners(
  db: Database,
  { language, currency }: Omit<Audience, 'country'>,
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
      amounts: inCurrency(row.amounts as CmsAmounts, currency),
    })),
  };
}
