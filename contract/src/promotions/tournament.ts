import { z } from 'zod/mini';

/** Spec 9: tournament results are paged by 10. */
export const TOURNAMENT_PAGE_SIZE = 10;
export const TOURNAMENT_MAX_PAGE_SIZE = 50;

/**
 * Countries whose players may not take part in tournaments (licence terms). The server decides for
 * a signed-in player; the frame tells a visitor whose country the host names before they sign in.
 */
export const TOURNAMENT_RESTRICTED_COUNTRIES: ReadonlySet<string> = new Set(['US', 'GB', 'FR', 'NL']);

/** Spec 7 "Third-party tournaments" paths (under the web API base); {id} is the promotion id. */
export const TOURNAMENT_PATHS = {
  tournament: (id: number) => `/tournament/${id}`,
  results: (id: number) => `/tournamentresults/${id}`,
  userResult: (id: number) => `/tournamentusersresult/${id}`,
  participate: (id: number) => `/participatetournament/${id}`,
  validateUser: '/external-api/tournaments/validateUserForTournaments',
  ratingByTickets: (id: number) => `/api/web/promotions/${id}/rating/by-tickets`,
} as const;

export const RATING_PERIODS = ['day', 'week', 'all'] as const;
export type RatingPeriod = (typeof RATING_PERIODS)[number];
export const RATING_TYPES = ['tickets', 'points'] as const;
export type RatingType = (typeof RATING_TYPES)[number];

const decimal = z.string().check(z.regex(/^\d+(\.\d+)?$/));

export const tournamentSchema = z.object({
  id: z.int(),
  status: z.enum(['upcoming', 'active', 'ended']),
  startsAt: z.int(),
  endsAt: z.nullable(z.int()),
  participants: z.int().check(z.nonnegative()),
});
export type Tournament = z.infer<typeof tournamentSchema>;

export const leaderboardRowSchema = z.object({
  place: z.int().check(z.positive()),
  /** Masked for everyone but the player (e.g. "al***92"). */
  name: z.string(),
  points: decimal,
  tickets: z.int().check(z.nonnegative()),
  isMe: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

/** GET tournamentresults/{id}?offset&limit. */
export const tournamentResultsSchema = z.object({
  total: z.int().check(z.nonnegative()),
  offset: z.int().check(z.nonnegative()),
  limit: z.int().check(z.positive()),
  items: z.array(leaderboardRowSchema),
});
export type TournamentResults = z.infer<typeof tournamentResultsSchema>;

/** GET tournamentusersresult/{id} and POST participatetournament/{id}: the player's standing. */
export const tournamentUserResultSchema = z.object({
  participating: z.boolean(),
  place: z.nullable(z.int().check(z.positive())),
  points: decimal,
  tickets: z.int().check(z.nonnegative()),
});
export type TournamentUserResult = z.infer<typeof tournamentUserResultSchema>;

/** GET validateUserForTournaments: may this player take part at all, and if not, why. */
export const tournamentValidationSchema = z.object({
  valid: z.boolean(),
  reason: z.nullable(z.enum(['region', 'no-account'])),
});
export type TournamentValidation = z.infer<typeof tournamentValidationSchema>;

/** GET rating/by-tickets?period&ratingType: the rating of one period, best first. */
export const ticketRatingSchema = z.object({
  period: z.enum(RATING_PERIODS),
  ratingType: z.enum(RATING_TYPES),
  items: z.array(leaderboardRowSchema),
});
export type TicketRating = z.infer<typeof ticketRatingSchema>;

/**
 * Server-sent events of a tournament's standings (GET, public): an event each time they change,
 * carrying the new version; the page then reads the standings again, so a dropped connection
 * never leaves duplicate rows (it reads them once more on reconnect).
 */
export const LIVE_STANDINGS_PATH = (id: number) => `/tournament/${id}/live`;
export const LIVE_STANDINGS_EVENT = 'standings';
export const liveStandingsEventSchema = z.object({
  tournamentId: z.int(),
  /** The server process's start: versions count from 0 again after a restart. */
  boot: z.string().check(z.minLength(1), z.maxLength(64)),
  version: z.int().check(z.nonnegative()),
});
export type LiveStandingsEvent = z.infer<typeof liveStandingsEventSchema>;
