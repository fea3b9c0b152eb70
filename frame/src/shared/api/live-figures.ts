import type { QueryClient } from '@tanstack/react-query';

/**
 * A query's meta for public figures that move with play (leaderboards, jackpots, ticket counts):
 * no content change announces them, so a page the server kept (decision 044) shows them as they
 * were at its render.
 */
export const LIVE_FIGURES = { liveFigures: true } as const;

/** A server-rendered page at least this old when the browser asked for it asks for its live figures again. */
export const LIVE_FIGURES_MAX_AGE_MS = 5_000;

/**
 * Once a server-rendered page has hydrated: its live figures are asked for again when the page was
 * older than LIVE_FIGURES_MAX_AGE_MS when the browser asked for it (`pageAge`: the navigation's
 * start less the render's time), so they are no older than the page was, not the page's age plus
 * the queries' own freshness. A page rendered for this visit asks for nothing again.
 */
export function refreshLiveFigures(client: QueryClient, pageAge: number): Promise<void> {
  if (pageAge < LIVE_FIGURES_MAX_AGE_MS) return Promise.resolve();
  return client.invalidateQueries({ predicate: (query) => query.meta?.liveFigures === true });
}
