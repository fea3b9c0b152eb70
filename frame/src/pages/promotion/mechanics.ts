import type { PromoEntry, PromoTemplate } from '@promo/contract';
import { lazy } from 'react';

// Each mechanic loads with the first page that has it.
const spinWheel = () => import('../../features/spin-wheel/index.ts');
const chooseFirstBonus = () => import('../../features/choose-first-bonus/index.ts');
const takeDailyBonus = () => import('../../features/take-daily-bonus/index.ts');
const takeLuckyTicket = () => import('../../features/take-lucky-ticket/index.ts');
const activateBonus = () => import('../../features/activate-bonus/index.ts');
const searchHunt = () => import('../../features/search-hunt/index.ts');
const betSeries = () => import('../../widgets/bet-series/index.ts');
const leaderboard = () => import('../../widgets/leaderboard/index.ts');
const casinoGames = () => import('../../widgets/casino-games/index.ts');

export const SpinWheel = lazy(() => spinWheel().then((m) => ({ default: m.SpinWheel })));
export const ChooseFirstBonus = lazy(() => chooseFirstBonus().then((m) => ({ default: m.ChooseFirstBonus })));
export const TakeDailyBonus = lazy(() => takeDailyBonus().then((m) => ({ default: m.TakeDailyBonus })));
export const TakeLuckyTicket = lazy(() => takeLuckyTicket().then((m) => ({ default: m.TakeLuckyTicket })));
export const ActivateBonus = lazy(() => activateBonus().then((m) => ({ default: m.ActivateBonus })));
export const SearchHunt = lazy(() => searchHunt().then((m) => ({ default: m.SearchHunt })));
export const BetSeries = lazy(() => betSeries().then((m) => ({ default: m.BetSeries })));
export const BroadcastBoard = lazy(() => leaderboard().then((m) => ({ default: m.BroadcastBoard })));
export const Leaderboard = lazy(() => leaderboard().then((m) => ({ default: m.Leaderboard })));
export const CasinoGames = lazy(() => casinoGames().then((m) => ({ default: m.CasinoGames })));

/** The code of each template's mechanic (what promoMechanic renders for it). */
const MECHANIC_CODE: Partial<Record<PromoTemplate, (entry: PromoEntry) => Promise<unknown>>> = {
  'prize-wheel': spinWheel,
  'deposit-bonus': (entry) => (entry.options.firstBonusChoice ? chooseFirstBonus() : activateBonus()),
  'free-bet': takeDailyBonus,
  tournament: leaderboard,
  'lucky-day': takeLuckyTicket,
  'bet-series': betSeries,
  broadcast: leaderboard,
  hunt: searchHunt,
};

/**
 * Starts loading a registry entry's mechanic (and game list) while its data loads, instead of
 * after the page has rendered. A failure is left to the page's own lazy load, which shows it.
 */
export function preloadMechanic(entry: PromoEntry): void {
  MECHANIC_CODE[entry.template]?.(entry).catch(() => undefined);
  if (typeof entry.options.games === 'string') casinoGames().catch(() => undefined);
}
