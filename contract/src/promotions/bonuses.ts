import { z } from 'zod/mini';
import { FIRST_BONUS_CHOICES } from '../analytics.ts';

const decimal = z.string().check(z.regex(/^\d+(\.\d+)?$/));
const currencyCode = z.string().check(z.minLength(3), z.maxLength(5));
/**
 * An amount a caller sends to be converted: up to 15 integer and 8 fraction digits, so every
 * accepted input is one the money helpers can hold (a longer one is a 400, not a 500).
 */
export const AMOUNT_INPUT = /^\d{1,15}(\.\d{1,8})?$/;

/** Spec 7 bonus paths (under the web API base). */
export const BONUS_PATHS = {
  welcomeBonus: '/api/v3/promotions/welcome-bonus',
  setFirstBonus: '/promotions/SetTypeFirstBonus',
  getFirstBonus: '/promotions/GetTypeFirstBonus',
  dailyTake: '/api/internal/bonus/daily-freebet-or-freespin',
  takeFreebet: '/api/internal/bonus/daily-freebet-or-freespin/take-freebet',
  takeFreespin: '/api/internal/bonus/daily-freebet-or-freespin/take-freespin',
  convertedSum: '/api/v3/promotions/converted-sum',
  amountsConvert: '/api/v3/promotions/amounts/convert',
  rulesAndTerms: (id: number) => `/api/v3/bonuses/${id}/rules-and-terms`,
  activate: (id: number) => `/api/v3/bonuses/${id}`,
} as const;

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
