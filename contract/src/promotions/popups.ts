import { z } from 'zod/mini';

/**
 * Spec 3's promotional popups: each belongs to one promotion, shows through the modal queue at
 * most once per player (or visitor) and flag, and the flag is kept in the browser's storage.
 */
export const PROMO_POPUPS = {
  dailyWin: 'daily-bonus',
  luckyChanceForecast: 'clutch-book',
  rouletteVsBlackjack: 'live-casino',
  giftBoxValidation: 'giftbox-hunt',
  giftBoxWinShown: 'giftbox-hunt',
  feelingsCheck: 'crash-tournament',
  easterAdventure: 'candyworks',
  summerHolidays: 'summer-page',
} as const;
export type PromoPopupFlag = keyof typeof PROMO_POPUPS;
export const PROMO_POPUP_FLAGS = Object.keys(PROMO_POPUPS) as PromoPopupFlag[];

/** The storage key of a popup's flag: one per flag and player ("visitor" before sign-in). */
export const popupFlagKey = (flag: PromoPopupFlag, userId: number | null): string =>
  `promo-frame:popup:${flag}:${userId ?? 'visitor'}`;

/** POST LuckyChanceForm (LUCKY_DAY_ENDPOINTS.forecast): the player's forecast of the featured match's score, once. */
const goals = z.int().check(z.gte(0), z.lte(20));
export const luckyChanceFormSchema = z.object({
  promoId: z.int().check(z.positive(), z.lt(2 ** 31)),
  home: goals,
  away: goals,
});
export type LuckyChanceForm = z.infer<typeof luckyChanceFormSchema>;

/** The forecast as stored (GET ?promoId answers it, or null before one is made). */
export const luckyChanceSchema = z.object({
  promoId: z.int(),
  oppId: z.int(),
  home: goals,
  away: goals,
  /** Unix seconds. */
  madeAt: z.int(),
});
export type LuckyChance = z.infer<typeof luckyChanceSchema>;
export const luckyChanceAnswerSchema = z.object({ forecast: z.nullable(luckyChanceSchema) });
