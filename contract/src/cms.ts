import { z } from 'zod/mini';
import { currencyCodeSchema, dbIdParamSchema, idParamsSchema } from './bounds.ts';
import { endpoint } from './endpoints.ts';
import { WEB_API_BASE } from './http.ts';
import { LANGUAGE_CODE_PATTERN } from './languages.ts';
import { CMS_SLUG } from './page-family.ts';

/** Spec 3 CMS page types; any other type is a 404. */
export const CMS_PAGE_TYPES = ['bonus', 'landing', 'headless'] as const;
export type CmsPageType = (typeof CMS_PAGE_TYPES)[number];
export const isCmsPageType = (value: string): value is CmsPageType =>
  (CMS_PAGE_TYPES as readonly string[]).includes(value);

/** GET promotion_service_id: the project whose promotion service the CMS pages belong to. */
export const promotionServiceIdSchema = z.object({ promotionServiceId: z.int() });

/**
 * The query parameter the bonus CMS calls (page, page/promotion/{href}) name the promotion service
 * with: the id promotion_service_id answered (decision 030).
 */
export const PROMOTION_SERVICE_PARAM = 'promotion_service_id';

/**
 * A money value in CMS content (block props, banners): a decimal amount and its currency. The
 * server answers every one in the currency the page was asked in; the frame formats it. CMS texts
 * never write an amount: they name a value of their block's or banner's `amounts` as
 * {{placeholder}} (decision 030).
 */
export const cmsMoneySchema = z.object({
  amount: z.string().check(z.regex(/^\d{1,12}(\.\d{1,8})?$/)),
  currencyCode: z.string().check(z.regex(/^[A-Za-z]{3,5}$/)),
});
export type CmsMoney = z.infer<typeof cmsMoneySchema>;

/** A text's money values by placeholder name (`{{prizePool}}` is `amounts.prizePool`). */
export const cmsAmountsSchema = z.record(z.string().check(z.regex(/^\w{1,40}$/)), cmsMoneySchema);
export type CmsAmounts = z.infer<typeof cmsAmountsSchema>;

/** The block types the frame knows; the transport takes any type (unknown ones are skipped). */
export const CMS_BLOCK_TYPES = [
  'hero',
  'richText',
  'image',
  'countdown',
  'bonusCard',
  'steps',
  'rules',
  'callToAction',
  'promoBanner',
] as const;
export type CmsBlockType = (typeof CMS_BLOCK_TYPES)[number];

export interface CmsBlock {
  id: string;
  type: string;
  props: Record<string, unknown>;
  children?: CmsBlock[];
}

/** A block of the tree: a type, its props and, for containers, child blocks. */
export const cmsBlockSchema: z.ZodMiniType<CmsBlock> = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  type: z.string().check(z.minLength(1), z.maxLength(40)),
  props: z.record(z.string(), z.unknown()),
  get children() {
    return z.optional(z.array(cmsBlockSchema));
  },
});

/** GET bonus-api/page, bonus-api/page/promotion/{href}, landings/{id}: one published page. */
export const cmsPageSchema = z.object({
  id: z.int(),
  type: z.enum(CMS_PAGE_TYPES),
  slug: z.string(),
  language: z.string(),
  /** The block tree's version: a new publication is a new version. */
  version: z.int().check(z.positive()),
  title: z.string(),
  description: z.string(),
  publishedAt: z.int(),
  blocks: z.array(cmsBlockSchema),
});
export type CmsPage = z.infer<typeof cmsPageSchema>;

/** GET banners/data: the promo banners of the banner page and the banner blocks. */
export const bannerSchema = z.object({
  id: z.int(),
  title: z.string(),
  text: z.string(),
  image: z.string(),
  /** Where the banner leads: a frame page path (e.g. promotion/spin-wheel). */
  href: z.string(),
  endsAt: z.nullable(z.int()),
  /** The money its title and text name as placeholders, in the asked currency; none when absent. */
  amounts: z.optional(cmsAmountsSchema),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannersSchema = z.object({ banners: z.array(bannerSchema) });

/** The currency CMS money is written in, and shown in when a call asks for none. */
export const CMS_BASE_CURRENCY = 'USD';

const cmsSlugSchema = () => z.string().check(z.regex(CMS_SLUG, 'lowercase letters, digits and dashes expected'));
/** The language, and the currency money is shown in (the CMS's own when none is asked). */
const moneyQuery = {
  language: z._default(z.string().check(z.regex(LANGUAGE_CODE_PATTERN)), 'en'),
  currency: z._default(currencyCodeSchema(), CMS_BASE_CURRENCY),
};
/** Who a page is for: language, currency and the player's country. */
const audienceQuery = {
  ...moneyQuery,
  country: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[A-Za-z]{2}$/, 'a two-letter country code expected')),
      z.transform((code: string) => code.toUpperCase()),
    ),
  ),
};
/** The bonus CMS calls also name the promotion service whose pages they ask for (decision 030). */
const bonusCmsQuery = { ...audienceQuery, [PROMOTION_SERVICE_PARAM]: dbIdParamSchema() };

/**
 * Spec 7 bonus CMS pages, landings and banners data; pages change on publication only. A bonus
 * page is chosen by the signed-in player's country: the browser's to keep, never a shared cache's
 * (issue 38).
 */
export const CMS_ENDPOINTS = {
  page: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/bonus-api/page',
    summary: 'A bonus CMS page by type and slug, for the asked audience (a player: their country)',
    query: z.object({
      ...bonusCmsQuery,
      type: z._default(z.string().check(z.maxLength(40)), ''),
      slug: cmsSlugSchema(),
    }),
    answer: cmsPageSchema,
    refusals: { 404: 'No such page, page type or promotion service' },
    access: 'visitor-or-player',
    idempotent: false,
    cache: { kind: 'private', maxAgeS: 60 },
  }),
  promotionPage: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/bonus-api/page/promotion/:href',
    summary: "A promotion's bonus page, for the asked audience (a player: their country)",
    params: z.object({ href: cmsSlugSchema() }),
    query: z.object(bonusCmsQuery),
    answer: cmsPageSchema,
    refusals: { 404: 'No such page or promotion service' },
    access: 'visitor-or-player',
    idempotent: false,
    cache: { kind: 'private', maxAgeS: 60 },
  }),
  landing: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/api/v3/landings/:id',
    summary: 'A landing page by id, for the asked language, currency and country',
    params: idParamsSchema(),
    query: z.object(audienceQuery),
    answer: cmsPageSchema,
    refusals: { 404: 'No landing of that id' },
    access: 'anyone',
    idempotent: false,
    cache: { kind: 'public', maxAgeS: 60 },
  }),
  banners: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/api/v3/promotions/banners/data',
    summary: 'The banners shown now, in the asked language and currency',
    query: z.object(moneyQuery),
    answer: bannersSchema,
    access: 'anyone',
    idempotent: false,
    cache: { kind: 'public', maxAgeS: 60 },
  }),
  promotionServiceId: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/bonus-api/promotion_service_id',
    summary: 'The promotion service the bonus CMS pages belong to (the project)',
    answer: promotionServiceIdSchema,
    refusals: { 503: 'The site config has no project id' },
    access: 'anyone',
    idempotent: false,
    cache: { kind: 'public', maxAgeS: 60 },
  }),
};
