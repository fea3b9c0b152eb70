import { z } from 'zod/mini';
import { slugSchema } from '../bounds.ts';
import { mechanicOf, PROMO_MECHANICS } from './mechanics/index.ts';

// What each promotion offers, as data (one content file per promotion on the server). The page and
// the server's mechanic both read these fields. Money is a decimal string in `currencyCode`.

export const PROMO_PRODUCTS = ['sport', 'casino', 'lottery', 'general'] as const;
export type PromoProduct = (typeof PROMO_PRODUCTS)[number];

/** Spec 3 sport ids, plus the sports the promotions name that the spec's list leaves out. */
export const PROMO_SPORTS: Readonly<Record<number, string>> = {
  1: 'football',
  2: 'ice-hockey',
  3: 'basketball',
  4: 'tennis',
  5: 'baseball',
  6: 'volleyball',
  18: 'motorsport',
  26: 'formula-1',
  40: 'esports',
  56: 'mma',
  66: 'cricket',
  85: 'fifa',
};

export const HERO_ARTS = [
  'gift',
  'trophy',
  'wheel',
  'ticket',
  'balls',
  'flame',
  'search',
  'stream',
  'info',
  'shield',
  'rocket',
] as const;
export type HeroArt = (typeof HERO_ARTS)[number];

const decimal = z.string().check(z.regex(/^\d{1,12}(\.\d{1,8})?$/));
const slug = slugSchema();
const text = z.string().check(z.minLength(2), z.maxLength(600));

/** What the hunts collect (each has its drawing in the frame and its name in the dictionaries). */
export const COLLECTIBLES = ['candy', 'sticker', 'coin', 'badge', 'pumpkin', 'gift', 'giftbox', 'thimble'] as const;

export const PRIZE_KINDS = ['cash', 'freebet', 'freespins', 'points', 'bonus'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

export const contentPrizeSchema = z.object({
  /** A place ("1", "4-10") or, for ladders and streaks, a step ("3" wins, "5" legs). */
  places: z.string().check(z.regex(/^\d{1,4}(-\d{1,4})?$/)),
  kind: z.enum(PRIZE_KINDS),
  /** Money for cash, free bets and bonuses; a count for free spins and points. */
  amount: decimal,
});

/** Who takes part and with what: every field the mechanic and the page read. */
export const promoTermsSchema = z.object({
  sportIds: z.optional(z.array(z.int().check(z.positive()))),
  betType: z.optional(z.enum(['single', 'accumulator', 'any'])),
  minLegs: z.optional(z.int().check(z.gte(2), z.lte(20))),
  minOdds: z.optional(decimal),
  minStake: z.optional(decimal),
  minDeposit: z.optional(decimal),
  percent: z.optional(z.int().check(z.positive(), z.lte(500))),
  maxBonus: z.optional(decimal),
  wager: z.optional(z.int().check(z.positive(), z.lte(100))),
  freespins: z.optional(z.int().check(z.positive())),
  refundPercent: z.optional(z.int().check(z.positive(), z.lte(100))),
  maxRefund: z.optional(decimal),
  payment: z.optional(z.array(z.string().check(z.regex(/^[a-z0-9-]{2,24}$/)))),
  /** 0 Sunday ... 6 Saturday. */
  weekdays: z.optional(z.array(z.int().check(z.gte(0), z.lte(6)))),
  stage: z.optional(z.string()),
  /** A game or collection ("crash", "evaginarium"); the page links or lists it. */
  games: z.optional(z.string()),
  /** What a hunt collects. */
  collectible: z.optional(z.enum(COLLECTIBLES)),
  /** Days a free bet or bonus stays valid once credited. */
  validDays: z.optional(z.int().check(z.positive(), z.lte(365))),
});
export type PromoTerms = z.infer<typeof promoTermsSchema>;

/** The call to action: one of spec 2's host path builders, with what it needs. */
export const promoCtaSchema = z.union([
  z.object({
    to: z.literal('betting'),
    section: z.enum(['line', 'live']),
    sportId: z.optional(z.int()),
    /** The featured match (the host's opponent-pair id): the call to action opens it live. */
    oppId: z.optional(z.int().check(z.positive(), z.lt(2 ** 31))),
  }),
  z.object({
    to: z.literal('casino'),
    section: z.enum(['slots', 'casino', 'crashGames', 'liveCasino', 'tournaments', 'special']),
  }),
  z.object({ to: z.literal('fast-games') }),
  z.object({ to: z.literal('office'), section: z.enum(['recharge', 'identification', 'bringfriend', 'account']) }),
  z.object({ to: z.literal('promo-store') }),
  z.object({ to: z.literal('information'), page: z.optional(z.string()) }),
  z.object({ to: z.literal('lotto') }),
]);
export type PromoCta = z.infer<typeof promoCtaSchema>;

/** '+5d', '-20d', '+3h' (from the server's clock when it seeds) or an ISO date with offset. */
const when = z.string().check(z.regex(/^([+-]\d{1,4}[dh]|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2}))$/));
const clock = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

export const promoScheduleSchema = z.object({
  starts: when,
  /** Null: long-term. */
  ends: z.nullable(when),
  /** Recurring windows inside the period (UTC), e.g. Fridays 00:00-23:59. */
  weekly: z.optional(z.object({ weekdays: z.array(z.int().check(z.gte(0), z.lte(6))), from: clock, to: clock })),
});

export const promoTextsSchema = z.object({
  title: z.string().check(z.minLength(2), z.maxLength(80)),
  summary: text,
  about: z.array(text).check(z.minLength(1), z.maxLength(4)),
  rules: z.array(text).check(z.minLength(1), z.maxLength(6)),
  faq: z.array(z.object({ q: text, a: text })).check(z.minLength(1), z.maxLength(4)),
});
export type PromoTexts = z.infer<typeof promoTextsSchema>;

/** What a promotion is but for its texts: every field the mechanic and the page read. */
const promoContentShape = {
  slug,
  /** Numeric promotion ids this page serves (spec 2); empty for server-defined pattern pages. */
  ids: z.array(z.int().check(z.positive(), z.lt(2 ** 31))),
  mechanic: z.enum(PROMO_MECHANICS),
  product: z.enum(PROMO_PRODUCTS),
  currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  schedule: promoScheduleSchema,
  prizes: z.array(contentPrizeSchema),
  terms: promoTermsSchema,
  cta: promoCtaSchema,
  hero: z.object({ art: z.enum(HERO_ARTS), accent: z.string().check(z.regex(/^#[0-9a-f]{6}$/)) }),
  /** The promoted tournament of a broadcast page. */
  of: z.optional(slug),
};

/** The languages a promotion's texts are written in (the site's languages, decision 013). */
export const PROMO_TEXT_LANGUAGES = ['en', 'ru', 'ar'] as const;
export type PromoTextLanguage = (typeof PROMO_TEXT_LANGUAGES)[number];

// Its terms are those its mechanic reads: a field another mechanic reads would show on its page and
// decide nothing.
const termsOfItsMechanic = z.superRefine((content: Pick<PromoContent, 'mechanic' | 'terms'>, context) => {
  const allowed: readonly string[] = mechanicOf(content.mechanic).terms;
  for (const key of Object.keys(content.terms)) {
    if (!allowed.includes(key)) {
      context.issues.push({
        code: 'custom',
        input: content.terms,
        path: ['terms', key],
        message: `${content.mechanic} reads no ${key}`,
        // The console's problem code and what its sentence names (server problem-texts.ts).
        params: { problem: 'term_not_read', mechanic: content.mechanic, term: key },
      });
    }
  }
});

/** One content file: server/content/promotions/{slug}.json, and every published version. */
export const promoContentSchema = z
  .object({
    ...promoContentShape,
    /**
     * Texts in each language of the site, every one complete (a language the site adds later shows
     * the English ones until its file has them).
     */
    texts: z.object({ en: promoTextsSchema, ru: promoTextsSchema, ar: promoTextsSchema }),
  })
  .check(termsOfItsMechanic);
export type PromoContent = z.infer<typeof promoContentSchema>;

/**
 * A draft an operator saves (issue 40): every field's rule as in a published promotion, but a
 * language's texts may be missing while they are being written. Publishing asks for them all.
 */
export const promoDraftSchema = z
  .object({
    ...promoContentShape,
    texts: z.object({
      en: z.optional(promoTextsSchema),
      ru: z.optional(promoTextsSchema),
      ar: z.optional(promoTextsSchema),
    }),
  })
  .check(termsOfItsMechanic);
export type PromoDraft = z.infer<typeof promoDraftSchema>;

/** The languages a draft has no texts in yet. */
export const missingLanguages = (draft: Pick<PromoDraft, 'texts'>): PromoTextLanguage[] =>
  PROMO_TEXT_LANGUAGES.filter((language) => draft.texts[language] === undefined);

/** Whether a draft has its texts in one language at least: a page of it has something to show (a preview needs it). */
export const hasTexts = (draft: Pick<PromoDraft, 'texts'>): boolean =>
  missingLanguages(draft).length < PROMO_TEXT_LANGUAGES.length;
