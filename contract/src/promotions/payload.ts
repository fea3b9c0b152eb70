import { z } from 'zod/mini';
import { currencyCodeSchema, languageCodeSchema, SLUG_MAX_LENGTH, SLUG_PATTERN } from '../bounds.ts';
import { endpoint, NO_STORE } from '../endpoints.ts';
import { WEB_API_BASE } from '../http.ts';
import {
  HERO_ARTS,
  PRIZE_KINDS,
  PROMO_PRODUCTS,
  promoCtaSchema,
  promoTermsSchema,
  promoTextsSchema,
} from './content.ts';
import { evaginariumMobileSchema, evasFavoritesSchema } from './games.ts';
import { PRIZE_TIMING, PROMO_MECHANICS, PROMO_TEMPLATES } from './mechanics/index.ts';
import { previewTokenSchema } from './preview.ts';

const decimal = z.string().check(z.regex(/^\d+(\.\d+)?$/));
const currencyCode = z.string().check(z.minLength(3), z.maxLength(5));

export const promoPrizeSchema = z.object({
  /** A place ("1", "2-3", "4-10") or, for ladders and streaks, a step. */
  places: z.string().check(z.regex(/^\d+(-\d+)?$/)),
  /** Money (cash, free bet, bonus) in currencyCode; a count of free spins or points. */
  amount: decimal,
  currencyCode,
  kind: z.enum(PRIZE_KINDS),
});
export type PromoPrize = z.infer<typeof promoPrizeSchema>;

const status = z.enum(['upcoming', 'active', 'ended']);
const heroSchema = z.object({ art: z.enum(HERO_ARTS), accent: z.string() });
/** A recurring window (lucky Friday, the Monday refund): open now, or when it opens next. */
const windowSchema = z.nullable(z.object({ open: z.boolean(), startsAt: z.int(), endsAt: z.int() }));

/**
 * GET /external-api/promotions/{id}?lang&currency: one promotion now, its texts in the asked
 * language (English when it has none) and its money in the asked currency (its own when the server
 * does not know the asked one: currencyCode says which).
 */
export const promotionSchema = z.object({
  id: z.int(),
  slug: z.string(),
  template: z.enum(PROMO_TEMPLATES),
  mechanic: z.enum(PROMO_MECHANICS),
  product: z.enum(PROMO_PRODUCTS),
  status,
  /** Unix seconds. */
  startsAt: z.int(),
  endsAt: z.nullable(z.int()),
  window: windowSchema,
  /** The end of an earlier edition (the spec's example date), when this one came after it. */
  previousEndsAt: z.nullable(z.int()),
  prizeTiming: z.enum(PRIZE_TIMING),
  currencyCode,
  /** The cash prizes only, summed; free bets, free spins and points are listed, never added to it. */
  prizeFund: z.nullable(z.object({ amount: decimal, currencyCode })),
  prizeBasis: z.enum(['place', 'step']),
  prizes: z.array(promoPrizeSchema),
  /** Money terms (minStake, minDeposit, maxBonus, maxRefund) in currencyCode. */
  terms: promoTermsSchema,
  cta: promoCtaSchema,
  hero: heroSchema,
  /** The promoted tournament of a broadcast page. */
  of: z.nullable(z.string()),
  language: z.string(),
  texts: promoTextsSchema,
  /**
   * A console preview link's token, on a version that link shows (never on a published promotion):
   * the widgets read with it, as a visitor, and take no action.
   */
  preview: z.optional(z.string()),
});
export type Promotion = z.infer<typeof promotionSchema>;

/**
 * GET /external-api/promotions?lang&currency: the index cards, running first. A card carries what
 * its summary's placeholders need: the terms and the top prize, money in currencyCode.
 */
export const promotionCardSchema = z.object({
  id: z.int(),
  slug: z.string(),
  mechanic: z.enum(PROMO_MECHANICS),
  product: z.enum(PROMO_PRODUCTS),
  status,
  startsAt: z.int(),
  endsAt: z.nullable(z.int()),
  window: windowSchema,
  hero: heroSchema,
  title: z.string(),
  summary: z.string(),
  currencyCode,
  terms: promoTermsSchema,
  topPrize: z.nullable(promoPrizeSchema),
});
export type PromotionCard = z.infer<typeof promotionCardSchema>;
export const promotionIndexSchema = z.object({ promotions: z.array(promotionCardSchema) });
export type PromotionIndex = z.infer<typeof promotionIndexSchema>;

/** The language of a promotion's texts and the currency of its money (each the promotion's own when left out). */
const promotionQuerySchema = z.object({
  lang: z.optional(languageCodeSchema()),
  currency: z.optional(currencyCodeSchema()),
});
const promotionParamsSchema = z.object({
  key: z.string().check(z.maxLength(SLUG_MAX_LENGTH), z.regex(SLUG_PATTERN, 'a promotion id or slug expected')),
});

/** Spec 7 "Promotions": the index, one promotion (visitors see every one), and two promotions' game lists. */
export const PROMOTION_ENDPOINTS = {
  index: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/external-api/promotions',
    summary: 'The promotions index cards in the asked language and currency, running ones first',
    query: promotionQuerySchema,
    answer: promotionIndexSchema,
    access: 'anyone',
    idempotent: false,
    // Status changes at start and end only; a minute of caching is harmless.
    cache: { kind: 'public', maxAgeS: 60 },
  }),
  promotion: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/external-api/promotions/:key',
    summary: 'One promotion by numeric id or slug: dates, status, content, texts and money as asked',
    params: promotionParamsSchema,
    query: promotionQuerySchema,
    answer: promotionSchema,
    refusals: { 404: 'No promotion of that id or slug' },
    access: 'anyone',
    idempotent: false,
    cache: { kind: 'public', maxAgeS: 60 },
  }),
  preview: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/external-api/promotion-previews/:token',
    summary: 'A version of a promotion shown by a console preview link (never cached, never in the index)',
    params: z.object({ token: previewTokenSchema() }),
    query: promotionQuerySchema,
    answer: promotionSchema,
    refusals: { 404: 'No live preview link of that token (expired, or never made)' },
    access: 'anyone',
    idempotent: false,
    cache: NO_STORE,
  }),
  evasFavorites: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/external-api/evasfavorites/available',
    summary: "Whether Eva's favourites free spins are open to the caller, and their games",
    answer: evasFavoritesSchema,
    access: 'visitor-or-player',
    idempotent: false,
    cache: NO_STORE,
  }),
  evaginariumMobile: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/evaginarium/mobile',
    summary: "The Evaginarium promotion's mobile games",
    answer: evaginariumMobileSchema,
    access: 'anyone',
    idempotent: false,
    cache: { kind: 'public', maxAgeS: 300 },
  }),
};
