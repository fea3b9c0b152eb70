import { z } from 'zod/mini';
import { idParamsSchema, noBodySchema, queryIntSchema } from '../bounds.ts';
import { endpoint, endpointPath, NO_STORE } from '../endpoints.ts';
import { WEB_API_BASE } from '../http.ts';
import { previewQuerySchema, previewQueryShape } from './preview.ts';

/** Spec 9: tournament results are paged by 10. */
export const TOURNAMENT_PAGE_SIZE = 10;
export const TOURNAMENT_MAX_PAGE_SIZE = 50;

/**
 * Countries whose players may not take part in tournaments (licence terms). The server decides for
 * a signed-in player; the frame tells a visitor whose country the host names before they sign in.
 */
export const TOURNAMENT_RESTRICTED_COUNTRIES: ReadonlySet<string> = new Set(['US', 'GB', 'FR', 'NL']);

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
export const LIVE_STANDINGS_PATH = (id: number): string => endpointPath(TOURNAMENT_ENDPOINTS.live, { id });
export const LIVE_STANDINGS_EVENT = 'standings';
export const liveStandingsEventSchema = z.object({
  tournamentId: z.int(),
  /** The server process's start: versions count from 0 again after a restart. */
  boot: z.string().check(z.minLength(1), z.maxLength(64)),
  version: z.int().check(z.nonnegative()),
});
export type LiveStandingsEvent = z.infer<typeof liveStandingsEventSchema>;

/** GET tournamentresults/{id}?offset&limit: a page of the leaderboard (10 rows unless asked). */
export const tournamentResultsQuerySchema = z.object({
  offset: queryIntSchema(0, 100_000, 0),
  limit: queryIntSchema(1, TOURNAMENT_MAX_PAGE_SIZE, TOURNAMENT_PAGE_SIZE),
  ...previewQueryShape,
});
/** GET rating/by-tickets?period&ratingType: the whole tournament by tickets unless asked. */
export const ticketRatingQuerySchema = z.object({
  period: z._default(z.enum(RATING_PERIODS), 'all' satisfies RatingPeriod),
  ratingType: z._default(z.enum(RATING_TYPES), 'tickets' satisfies RatingType),
  ...previewQueryShape,
});

const tournamentCall = { base: WEB_API_BASE, params: idParamsSchema(), cache: NO_STORE } as const;

/**
 * Spec 7 "Third-party tournaments" and the promotions' rating by tickets; `:id` is the promotion
 * id. The live standings are server-sent events (`answer`: one event's data).
 */
export const TOURNAMENT_ENDPOINTS = {
  tournament: endpoint({
    ...tournamentCall,
    method: 'GET',
    path: '/tournament/:id',
    summary: "The tournament's status, dates and number of participants",
    query: previewQuerySchema,
    answer: tournamentSchema,
    access: 'anyone',
    idempotent: false,
  }),
  results: endpoint({
    ...tournamentCall,
    method: 'GET',
    path: '/tournamentresults/:id',
    summary: "One page of the tournament's leaderboard, the caller's own row marked",
    query: tournamentResultsQuerySchema,
    answer: tournamentResultsSchema,
    access: 'visitor-or-player',
    idempotent: false,
  }),
  userResult: endpoint({
    ...tournamentCall,
    method: 'GET',
    path: '/tournamentusersresult/:id',
    summary: "The player's place, points and tickets in the tournament",
    answer: tournamentUserResultSchema,
    access: 'player',
    idempotent: false,
  }),
  participate: endpoint({
    ...tournamentCall,
    method: 'POST',
    path: '/participatetournament/:id',
    summary: 'Takes part in the tournament (a repeat changes nothing)',
    body: noBodySchema(),
    answer: tournamentUserResultSchema,
    access: 'player',
    idempotent: true,
  }),
  validateUser: endpoint({
    base: WEB_API_BASE,
    cache: NO_STORE,
    method: 'GET',
    path: '/external-api/tournaments/validateUserForTournaments',
    summary: 'Whether the player may take part in tournaments at all, and if not, why',
    answer: tournamentValidationSchema,
    access: 'player',
    idempotent: false,
  }),
  ratingByTickets: endpoint({
    ...tournamentCall,
    method: 'GET',
    path: '/api/web/promotions/:id/rating/by-tickets',
    summary: 'The rating of one period (today, the last 7 days, all), best first',
    query: ticketRatingQuerySchema,
    answer: ticketRatingSchema,
    access: 'visitor-or-player',
    idempotent: false,
  }),
  live: endpoint({
    ...tournamentCall,
    method: 'GET',
    path: '/tournament/:id/live',
    summary: "Server-sent events: the standings' version on connect and each time they change",
    answer: liveStandingsEventSchema,
    answerKind: 'event-stream',
    compress: false,
    refusals: { 404: 'No such tournament', 429: 'Too many live streams are open (Retry-After)' },
    access: 'anyone',
    idempotent: false,
  }),
} as const;
