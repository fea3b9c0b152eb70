import {
  CMS_SLUG,
  type CmsBlock,
  type CmsPage,
  type CmsPageType,
  isCmsPageType,
  isLanguageCode,
} from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import {
  bannersQuery,
  type CmsAudience,
  cmsPageQuery,
  cmsPreviewQuery,
  landingQuery,
} from '../../../entities/cms-page/index.ts';
import { loadPlayerCountry, loadPlayerCurrency } from '../../../entities/user/index.ts';
import { StatusError } from '../../../shared/lib/index.ts';
import { scopeOf } from '../../../shared/model/index.ts';

/**
 * Spec 5 page validation hooks: a page that is not fit for its type is a 404 (a bonus page needs
 * its hero, every page needs content).
 */
export const PAGE_VALIDATORS: Record<CmsPageType, (page: CmsPage) => boolean> = {
  bonus: (page) => page.blocks.some((block) => block.type === 'hero'),
  landing: (page) => page.blocks.length > 0,
  headless: (page) => page.blocks.length > 0,
};

const notFound = () => new StatusError('This page could not be found', 404);

/** Where a CMS page comes from: by type and slug, or a landing by its id, in the route's language. */
type CmsSource =
  | { kind: 'page'; type: CmsPageType; slug: string; language: string; preview?: string }
  | { kind: 'landing'; id: number; language: string };

/** The page of a source for a player (the language is the source's). */
function sourceQuery(source: CmsSource, player: CmsRouteData['audience']) {
  const audience = { ...player, language: source.language };
  if (source.kind === 'page' && source.preview) return cmsPreviewQuery(source.preview, audience);
  return source.kind === 'landing'
    ? landingQuery(source.id, audience)
    : cmsPageQuery(source.type, source.slug, audience);
}

/** What a CMS route's component reads: the page as the loader found it, and whom it was asked for. */
export interface CmsRouteData {
  page: CmsPage;
  audience: Omit<CmsAudience, 'language'>;
  /** A console preview link's page (decision 050): a version players do not see, marked so. */
  preview: boolean;
}

const hasBlock = (blocks: readonly CmsBlock[], type: string): boolean =>
  blocks.some((block) => block.type === type || hasBlock(block.children ?? [], type));

/**
 * The page for the player (in their currency, offered in their country), fit for its type, with
 * the data its blocks show already in the cache (a promo banner's list): the page renders whole,
 * and nothing below a banner moves when it arrives. A banner list that fails is the block's own
 * affair (it is left out), never the page's.
 */
async function loadPage(source: CmsSource, queryClient: QueryClient): Promise<CmsRouteData> {
  const [currency, country] = await Promise.all([loadPlayerCurrency(queryClient), loadPlayerCountry(queryClient)]);
  const page = await queryClient.ensureQueryData(sourceQuery(source, { currency, country }));
  if (!PAGE_VALIDATORS[page.type](page)) throw notFound();
  if (hasBlock(page.blocks, 'promoBanner')) {
    await queryClient.ensureQueryData(bannersQuery(source.language, currency)).catch(() => undefined);
  }
  return { page, audience: { currency, country }, preview: source.kind === 'page' && Boolean(source.preview) };
}

/** A console preview link's token in the page's address (`?preview=`), when it has a well-formed one. */
const previewOf = (request: Request): string | undefined => {
  const token = new URL(request.url).searchParams.get('preview');
  return token && PREVIEW_TOKEN.test(token) ? token : undefined;
};
const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

const routeLanguage = (lng: string | undefined, queryClient: QueryClient) =>
  lng ?? scopeOf(queryClient).store.getState().currentLanguage;

/** {cmsPageType}/{cmsPage}: the latest version of the page in the route's language. */
export const cmsLoader =
  (type: string) =>
  async ({ params, request }: LoaderFunctionArgs, queryClient: QueryClient) => {
    const slug = params.cmsPage ?? '';
    if (!isCmsPageType(type) || !CMS_SLUG.test(slug)) throw notFound();
    const language = routeLanguage(params.lng, queryClient);
    const preview = previewOf(request);
    return loadPage({ kind: 'page', type, slug, language, ...(preview ? { preview } : {}) }, queryClient);
  };

/**
 * The banner page: its list is in the cache when the page renders, so the footer starts below it
 * instead of moving down when it arrives. A list that fails is the page's section message.
 */
export async function bannerLoader({ params }: LoaderFunctionArgs, queryClient: QueryClient): Promise<null> {
  const currency = await loadPlayerCurrency(queryClient);
  await queryClient
    .ensureQueryData(bannersQuery(routeLanguage(params.lng, queryClient), currency))
    .catch(() => undefined);
  return null;
}

/** landing-page/{landingId}. */
export async function landingLoader({ params }: LoaderFunctionArgs, queryClient: QueryClient) {
  const id = Number(params.landingId);
  if (!Number.isInteger(id) || id <= 0) throw notFound();
  return loadPage({ kind: 'landing', id, language: routeLanguage(params.lng, queryClient) }, queryClient);
}

/**
 * /{section} and /{lng}/{section} (spec 2 frame pattern): the landing page with that slug in the
 * route's language. Without a language prefix the router hands the section over as lng.
 */
export async function sectionLoader({ params }: LoaderFunctionArgs, queryClient: QueryClient) {
  const prefixed = isLanguageCode(params.lng ?? '');
  const slug = (prefixed ? params.section : (params.section ?? params.lng)) ?? '';
  if (!CMS_SLUG.test(slug)) throw notFound();
  const language = routeLanguage(prefixed ? params.lng : undefined, queryClient);
  return loadPage({ kind: 'page', type: 'landing', slug, language }, queryClient);
}
