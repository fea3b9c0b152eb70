import { z } from 'zod/mini';

/** Spec 3 CMS page types; any other type is a 404. */
export const CMS_PAGE_TYPES = ['bonus', 'landing', 'headless'] as const;
export type CmsPageType = (typeof CMS_PAGE_TYPES)[number];
export const isCmsPageType = (value: string): value is CmsPageType =>
  (CMS_PAGE_TYPES as readonly string[]).includes(value);

/** Spec 7 bonus CMS and landing paths (under the web API base). */
export const CMS_PATHS = {
  page: '/bonus-api/page',
  promotionPage: (href: string) => `/bonus-api/page/promotion/${encodeURIComponent(href)}`,
  landing: (id: number | string) => `/api/v3/landings/${id}`,
  banners: '/api/v3/promotions/banners/data',
  promotionServiceId: '/bonus-api/promotion_service_id',
} as const;

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
