import type { PromoMechanic } from './content.ts';
import { GAME_COLLECTIONS } from './game-paths.ts';

/**
 * The interactive parts of promotion pages, each its own code chunk in the frame. One list for
 * the frame (which loads a page's widgets beside its data) and the reference server (which names
 * their code in the page it serves).
 */
export const PROMO_WIDGETS = [
  'spin-wheel',
  'choose-first-bonus',
  'activate-bonus',
  'take-daily-bonus',
  'leaderboard',
  'broadcast-board',
  'take-lucky-ticket',
  'bet-series',
  'search-hunt',
  'casino-games',
  'promo-credits',
  'weekly-jackpot',
] as const;
export type PromoWidget = (typeof PROMO_WIDGETS)[number];

/**
 * The widget of each mechanic. The settled-bets mechanics whose credits the server decides from the
 * operator feed show them (promo-credits, the weekly jackpot); those it cannot decide yet (a 0-0
 * result, a match free bet) have none: their page explains them.
 */
const OWN_WIDGET: Readonly<Record<PromoMechanic, PromoWidget | null>> = {
  'deposit-match': 'activate-bonus',
  'weekday-reload': 'activate-bonus',
  'payment-bonus': 'activate-bonus',
  'welcome-choice': 'choose-first-bonus',
  'daily-gift': 'take-daily-bonus',
  'featured-free-spins': null,
  'match-free-bet': null,
  'goalless-refund': null,
  'no-risk-bet': 'promo-credits',
  'loss-refund': 'promo-credits',
  'double-chance': 'promo-credits',
  'identification-bonus': 'promo-credits',
  'sport-tournament': 'leaderboard',
  'casino-tournament': 'leaderboard',
  'crash-tournament': 'leaderboard',
  'daily-draw': 'take-lucky-ticket',
  'weekly-jackpot': 'weekly-jackpot',
  'accumulator-ladder': 'bet-series',
  'win-streak': 'bet-series',
  'prize-wheel': 'spin-wheel',
  'collect-hunt': 'search-hunt',
  broadcast: 'broadcast-board',
  info: null,
};

/** The widgets a promotion page shows: its mechanic's, and a game list when its terms name one. */
export function promoWidgets(mechanic: PromoMechanic, games?: string): PromoWidget[] {
  const own = OWN_WIDGET[mechanic];
  const list = (GAME_COLLECTIONS as readonly string[]).includes(games ?? '') ? (['casino-games'] as const) : [];
  return [...(own ? [own] : []), ...list];
}
