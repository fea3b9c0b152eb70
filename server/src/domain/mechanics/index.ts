import { assertRegistered, PROMO_MECHANICS, type PromoMechanic } from '@promo/contract';
import { betSeriesFeed } from './bet-series.ts';
import { doubleChanceFeed, noRiskBetFeed } from './credited-bets.ts';
import { weeklyJackpotFeed } from './draws.ts';
import type { FeedRule } from './feed-batch.ts';
import { casinoTournamentFeed, crashTournamentFeed, sportTournamentFeed } from './tournaments.ts';

/** What the server's domain does for one mechanic beyond what its routes serve. */
export interface ServerMechanic {
  /** How the operator feed's settled bets and rounds move its promotions; null: they do not. */
  feed: FeedRule | null;
}

/**
 * The server's registry: one line per contract mechanic (docs/architecture.md, "Adding a
 * mechanic"). Its endpoints are the contract's table entries, served by the route module of its
 * family (a table entry without a handler stops start-up).
 */
export const SERVER_MECHANICS: Readonly<Record<PromoMechanic, ServerMechanic>> = {
  'deposit-match': { feed: null },
  'weekday-reload': { feed: null },
  'payment-bonus': { feed: null },
  'welcome-choice': { feed: null },
  'daily-gift': { feed: null },
  'featured-free-spins': { feed: null },
  // The feed carries no final score or featured match to decide these from: their pages explain them.
  'match-free-bet': { feed: null },
  'goalless-refund': { feed: null },
  'no-risk-bet': { feed: noRiskBetFeed },
  // Settled weekly from the stored settlements (promo-credits.ts), not per batch.
  'loss-refund': { feed: null },
  'double-chance': { feed: doubleChanceFeed },
  'identification-bonus': { feed: null },
  'sport-tournament': { feed: sportTournamentFeed },
  'casino-tournament': { feed: casinoTournamentFeed },
  'crash-tournament': { feed: crashTournamentFeed },
  'daily-draw': { feed: null },
  'weekly-jackpot': { feed: weeklyJackpotFeed },
  'accumulator-ladder': { feed: betSeriesFeed },
  'win-streak': { feed: betSeriesFeed },
  'prize-wheel': { feed: null },
  'collect-hunt': { feed: null },
  broadcast: { feed: null },
  info: { feed: null },
};

/** Refuses a registry out of step with the contract (called when the server starts). */
export function checkServerMechanics(registry: Readonly<Record<string, ServerMechanic>> = SERVER_MECHANICS): void {
  assertRegistered('server', PROMO_MECHANICS, Object.keys(registry));
}

/** The feed rule of each mechanic the feed moves. */
export const FEED_RULES: ReadonlyMap<PromoMechanic, FeedRule> = new Map(
  PROMO_MECHANICS.flatMap((mechanic) => {
    const rule = SERVER_MECHANICS[mechanic].feed;
    return rule ? [[mechanic, rule] as const] : [];
  }),
);
