import type { PromoEntry, PromoTemplate } from './registry.ts';

/**
 * The interactive parts of promotion pages, each its own code chunk in the frame. One list for
 * the frame (which loads a page's mechanics beside its data) and the reference server (which
 * names their code in the page it serves).
 */
export const PROMO_MECHANICS = [
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
] as const;
export type PromoMechanic = (typeof PROMO_MECHANICS)[number];

const OF_TEMPLATE: Partial<Record<PromoTemplate, (entry: PromoEntry) => PromoMechanic>> = {
  'prize-wheel': () => 'spin-wheel',
  'deposit-bonus': (entry) => (entry.options.firstBonusChoice ? 'choose-first-bonus' : 'activate-bonus'),
  'free-bet': () => 'take-daily-bonus',
  tournament: () => 'leaderboard',
  'lucky-day': () => 'take-lucky-ticket',
  'bet-series': () => 'bet-series',
  broadcast: () => 'broadcast-board',
  hunt: () => 'search-hunt',
};

/** The mechanics a promotion page shows: its template's, and a game list when it names one. */
export function promoMechanics(entry: PromoEntry): PromoMechanic[] {
  const own = OF_TEMPLATE[entry.template]?.(entry);
  return [...(own ? [own] : []), ...(typeof entry.options.games === 'string' ? (['casino-games'] as const) : [])];
}
