import { isGameCollection } from '../game-paths.ts';
import { accumulatorLadder, winStreak } from './bet-series.ts';
import { doubleChance, identificationBonus, lossRefund, noRiskBet } from './credited-bets.ts';
import { type MechanicDefinition, registryGaps } from './define.ts';
import { depositMatch, paymentBonus, weekdayReload, welcomeChoice } from './deposit-bonuses.ts';
import { dailyDraw, weeklyJackpot } from './draws.ts';
import { dailyGift, featuredFreeSpins, goallessRefund, matchFreeBet } from './free-bets.ts';
import { collectHunt } from './hunt.ts';
import { broadcast, info } from './pages.ts';
import { prizeWheel } from './prize-wheel.ts';
import { casinoTournament, crashTournament, sportTournament } from './tournaments.ts';

export { PRIZE_TIMING, type PrizeTiming, registryGaps, type WidgetShown } from './define.ts';
export type { MechanicDefinition };

/**
 * Every promotion mechanic, one line each (docs/architecture.md, "Adding a mechanic"). The
 * mechanic names, page templates and widgets of the contract all derive from this list; the server
 * and the frame each keep one registry of their own over it, checked against it.
 */
export const MECHANICS = [
  depositMatch,
  weekdayReload,
  paymentBonus,
  welcomeChoice,
  dailyGift,
  featuredFreeSpins,
  matchFreeBet,
  goallessRefund,
  noRiskBet,
  lossRefund,
  doubleChance,
  identificationBonus,
  sportTournament,
  casinoTournament,
  crashTournament,
  dailyDraw,
  weeklyJackpot,
  accumulatorLadder,
  winStreak,
  prizeWheel,
  collectHunt,
  broadcast,
  info,
] as const;

type Mechanic = (typeof MECHANICS)[number];
export type PromoMechanic = Mechanic['name'];
/** Page templates of the promotion section; each promo name renders one of them with its options. */
export type PromoTemplate = Mechanic['template'];
/**
 * The interactive parts of promotion pages, each its own code chunk in the frame: the mechanics'
 * own, and the game list a promotion shows when its terms name a collection.
 */
export type PromoWidget = Exclude<Mechanic['widget'], null> | 'casino-games';

type NonEmpty<T> = readonly [T, ...T[]];
const distinct = <T>(values: readonly T[]) => [...new Set(values)] as unknown as NonEmpty<T>;

export const PROMO_MECHANICS = distinct(MECHANICS.map((mechanic): PromoMechanic => mechanic.name));
export const PROMO_TEMPLATES = distinct(MECHANICS.map((mechanic): PromoTemplate => mechanic.template));
export const PROMO_WIDGETS = distinct<PromoWidget>([
  ...MECHANICS.flatMap((mechanic) => (mechanic.widget === null ? [] : [mechanic.widget])),
  'casino-games',
]);

const BY_NAME = new Map<string, Mechanic>(MECHANICS.map((mechanic) => [mechanic.name, mechanic]));

/** A mechanic's definition by name. */
export function mechanicOf(name: PromoMechanic): MechanicDefinition & Mechanic {
  const mechanic = BY_NAME.get(name);
  if (!mechanic) throw new Error(`Unknown mechanic ${name}`);
  return mechanic;
}

/** The widgets a promotion page shows: its mechanic's, and a game list when its terms name one. */
export function promoWidgets(mechanic: PromoMechanic, games?: string): PromoWidget[] {
  const own = mechanicOf(mechanic).widget;
  const list = isGameCollection(games) ? (['casino-games'] as const) : [];
  return [...(own ? [own] : []), ...list];
}

/** The mechanics whose page shows the given widget. */
export const mechanicsShowing = (widget: PromoWidget): PromoMechanic[] =>
  MECHANICS.filter((mechanic) => mechanic.widget === widget).map((mechanic) => mechanic.name);

/**
 * A workspace's registry checked against the contract's list: throws naming what is missing or
 * unknown, so a mechanic registered in one workspace and not another cannot start or pass a test.
 */
export function assertRegistered(workspace: string, expected: readonly string[], registered: readonly string[]) {
  const { missing, unknown } = registryGaps(expected, registered);
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      `The ${workspace} mechanic registry is out of step with the contract: ${[
        ...missing.map((name) => `${name} not registered`),
        ...unknown.map((name) => `${name} is not in the contract`),
      ].join('; ')}`,
    );
  }
}
