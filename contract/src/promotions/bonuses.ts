import { z } from 'zod/mini';
import { FIRST_BONUS_CHOICES } from '../analytics.ts';
import { currencyCodeSchema, idParamsSchema, noBodySchema, queryIntSchema } from '../bounds.ts';
import { endpoint, NO_STORE } from '../endpoints.ts';
import { WEB_API_BASE } from '../http.ts';
import { previewQueryShape } from './preview.ts';

const decimal = z.string().check(z.regex(/^\d+(\.\d+)?$/));
const currencyCode = z.string().check(z.minLength(3), z.maxLength(5));
/**
 * An amount a caller sends to be converted: up to 15 integer and 8 fraction digits, so every
 * accepted input is one the money helpers can hold (a longer one is a 400, not a 500).
 */
export const AMOUNT_INPUT = /^\d{1,15}(\.\d{1,8})?$/;

/** GET converted-sum?sum&round&isArray&originalCurrency[&currency]: success is checked by the flag. */
export const convertedSumSchema = z.object({
  success: z.boolean(),
  /** One per asked sum (a list when isArray), in currencyCode. */
  sums: z.array(z.string()),
  currencyCode: z.string(),
  message: z.nullable(z.string()),
});
export type ConvertedSum = z.infer<typeof convertedSumSchema>;

/**
 * POST amounts/convert: amounts in any currencies into one (the player's active one when signed in),
 * rounded to `round` decimals (the target currency's own digits when absent).
 */
export const amountsConvertSchema = z.object({
  amounts: z
    .array(z.object({ amount: z.string().check(z.regex(AMOUNT_INPUT)), currencyCode }))
    .check(z.minLength(1), z.maxLength(100)),
  currencyCode: z.optional(currencyCode),
  round: z.optional(z.int().check(z.gte(0), z.lte(8))),
});
const money = z.object({ amount: decimal, currencyCode });
export const convertedAmountsSchema = z.object({
  success: z.boolean(),
  amounts: z.array(money),
  /** The converted amounts added up, in the same currency (null when success is false): decision 036. */
  total: z.nullable(money),
  message: z.nullable(z.string()),
});
export type ConvertedAmounts = z.infer<typeof convertedAmountsSchema>;

/** One welcome offer: 1 sport, 2 casino (0, declining, carries no offer). */
export const welcomeOfferSchema = z.object({
  bonusId: z.union([z.literal(1), z.literal(2)]),
  percent: z.int().check(z.positive()),
  maxAmount: decimal,
  currencyCode,
  freespins: z.int().check(z.nonnegative()),
  wager: z.int().check(z.positive()),
});
export type WelcomeOffer = z.infer<typeof welcomeOfferSchema>;

/** GET welcome-bonus: the offers of the first deposit, in the asked currency. */
export const welcomeBonusSchema = z.object({ offers: z.array(welcomeOfferSchema) });
export type WelcomeBonus = z.infer<typeof welcomeBonusSchema>;

const choice = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** POST SetTypeFirstBonus body (spec: bonus_id). */
export const setFirstBonusSchema = z.object({ bonus_id: choice });
/** SetTypeFirstBonus and GetTypeFirstBonus answer the player's choice (null: none yet). */
export const firstBonusChoiceSchema = z.object({ success: z.boolean(), bonus_id: z.nullable(choice) });
export type FirstBonusChoiceState = z.infer<typeof firstBonusChoiceSchema>;
export const isFirstBonusChoice = (value: number): value is (typeof FIRST_BONUS_CHOICES)[number] =>
  (FIRST_BONUS_CHOICES as readonly number[]).includes(value);

export const DAILY_TAKE_KINDS = ['freebet', 'freespin'] as const;
export type DailyTakeKind = (typeof DAILY_TAKE_KINDS)[number];

/** GET daily-freebet-or-freespin: today's two offers; one of them may be taken per UTC day. */
export const dailyTakeStateSchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  day: z.string(),
  freebet: z.object({ amount: decimal, currencyCode }),
  freespin: z.object({ count: z.int().check(z.positive()), game: z.string() }),
  taken: z.nullable(z.object({ kind: z.enum(DAILY_TAKE_KINDS), takenAt: z.int() })),
  /** Unix seconds when the next day's offer opens. */
  nextAt: z.int(),
});
export type DailyTakeState = z.infer<typeof dailyTakeStateSchema>;

/** Version of the deposit bonuses' rules and terms a player accepts when activating one. */
export const BONUS_TERMS_VERSION = 1;

/**
 * POST bonuses/{id}/rules-and-terms: a deposit-bonus promotion's terms in the player's currency
 * (the asked one for a visitor) and, for a player, whether it is the bonus their next deposit gets.
 */
export const depositBonusSchema = z.object({
  bonusId: z.int(),
  percent: z.int().check(z.positive()),
  maxAmount: decimal,
  minDeposit: decimal,
  currencyCode,
  /** Times the bonus is wagered, in days. */
  wager: z.int().check(z.positive()),
  validDays: z.int().check(z.positive()),
  termsVersion: z.int(),
  /** null for a visitor; unavailable once the promotion is not running. */
  status: z.nullable(z.enum(['available', 'active', 'unavailable'])),
  activatedAt: z.nullable(z.int()),
});
export type DepositBonus = z.infer<typeof depositBonusSchema>;

/** POST bonuses/{id}: activates the bonus for the next deposit; the terms must be accepted. */
export const activateBonusSchema = z.object({
  acceptTerms: z.literal(true),
  termsVersion: z.int().check(z.gte(0), z.lt(2 ** 31)),
});

/** A query that may name the currency of the answer (a visitor's; a player's is their account's). */
const currencyQuerySchema = z.object({ currency: z.optional(currencyCodeSchema()) });
/** converted-sum's query: one decimal amount, or a comma list of up to 100 with isArray=true. */
const convertedSumQuerySchema = z
  .pipe(
    z.object({
      sum: z._default(z.string().check(z.maxLength(2_000)), ''),
      round: queryIntSchema(0, 8, 2),
      isArray: z.optional(z.enum(['true', 'false'])),
      originalCurrency: z._default(currencyCodeSchema(), 'USD'),
      currency: z.optional(currencyCodeSchema()),
    }),
    z.transform((query) => ({ ...query, parts: query.isArray === 'true' ? query.sum.split(',') : [query.sum] })),
  )
  .check(
    z.refine((query) => query.parts.length <= 100 && query.parts.every((part) => AMOUNT_INPUT.test(part)), {
      message: 'sum must be a non-negative number (a comma list with isArray=true, at most 100)',
      path: ['sum'],
    }),
  );

const bonusCall = { base: WEB_API_BASE, cache: NO_STORE } as const;
const dailyTake = '/api/internal/bonus/daily-freebet-or-freespin';
const takeCall = {
  ...bonusCall,
  method: 'POST',
  body: noBodySchema(),
  answer: dailyTakeStateSchema,
  access: 'player',
  idempotent: true,
} as const;

/**
 * Spec 7 bonuses: welcome offers, amounts in another currency, the first-bonus choice, the daily
 * free bet or free spins, and the deposit bonuses' rules and terms and activation.
 */
export const BONUS_ENDPOINTS = {
  welcomeBonus: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/api/v3/promotions/welcome-bonus',
    summary: "The first deposit's welcome offers, in the asked currency (USD when none)",
    query: currencyQuerySchema,
    answer: welcomeBonusSchema,
    access: 'anyone',
    idempotent: false,
    cache: { kind: 'public', maxAgeS: 300 },
  }),
  convertedSum: endpoint({
    ...bonusCall,
    method: 'GET',
    path: '/api/v3/promotions/converted-sum',
    summary: "Sums in the player's active currency (a visitor's asked one), rounded",
    query: convertedSumQuerySchema,
    answer: convertedSumSchema,
    access: 'visitor-or-player',
    idempotent: false,
    caller: 'host',
  }),
  amountsConvert: endpoint({
    ...bonusCall,
    method: 'POST',
    path: '/api/v3/promotions/amounts/convert',
    summary: "Amounts in any currencies converted into one (the player's active one) and added up",
    body: amountsConvertSchema,
    answer: convertedAmountsSchema,
    access: 'visitor-or-player',
    idempotent: false,
  }),
  getFirstBonus: endpoint({
    ...bonusCall,
    method: 'POST',
    path: '/promotions/GetTypeFirstBonus',
    summary: "The player's choice of first-deposit bonus (null: none yet)",
    body: noBodySchema(),
    answer: firstBonusChoiceSchema,
    access: 'player',
    idempotent: false,
  }),
  setFirstBonus: endpoint({
    ...bonusCall,
    method: 'POST',
    path: '/promotions/SetTypeFirstBonus',
    summary: "Records the player's choice of first-deposit bonus (sport, casino or none)",
    body: setFirstBonusSchema,
    answer: firstBonusChoiceSchema,
    access: 'player',
    idempotent: true,
  }),
  dailyTake: endpoint({
    ...bonusCall,
    method: 'GET',
    path: dailyTake,
    summary: "Today's free bet and free spins offers, and which one the player took",
    answer: dailyTakeStateSchema,
    access: 'player',
    idempotent: false,
  }),
  takeFreebet: endpoint({ ...takeCall, path: `${dailyTake}/take-freebet`, summary: "Takes today's free bet" }),
  takeFreespin: endpoint({ ...takeCall, path: `${dailyTake}/take-freespin`, summary: "Takes today's free spins" }),
  rulesAndTerms: endpoint({
    ...bonusCall,
    method: 'POST',
    path: '/api/v3/bonuses/:id/rules-and-terms',
    summary: "A deposit bonus's terms in the player's currency (a visitor's asked one) and the player's state of it",
    params: idParamsSchema(),
    // A read (it changes nothing), so a console preview's widget reads it with its link's token.
    query: z.object({ ...currencyQuerySchema.shape, ...previewQueryShape }),
    body: noBodySchema(),
    answer: depositBonusSchema,
    access: 'visitor-or-player',
    idempotent: false,
  }),
  activate: endpoint({
    ...bonusCall,
    method: 'POST',
    path: '/api/v3/bonuses/:id',
    summary: "Activates a deposit bonus for the player's next deposit, its terms accepted",
    params: idParamsSchema(),
    body: activateBonusSchema,
    answer: depositBonusSchema,
    access: 'player',
    idempotent: true,
  }),
} as const;
