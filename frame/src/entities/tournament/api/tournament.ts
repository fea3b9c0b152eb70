import { IDEMPOTENCY_KEY_HEADER, type RatingPeriod, TOURNAMENT_ENDPOINTS, TOURNAMENT_PAGE_SIZE } from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, LIVE_FIGURES, userQueryKey } from '../../../shared/api/index.ts';

/**
 * GET tournament: its status, dates and participants (public: asked without a token). With a
 * console preview link's token (`preview`, here and below), the previewed version's, keyed apart;
 * its standings are read as a visitor's.
 */
export const tournamentQuery = (id: number, preview?: string) =>
  queryOptions({
    queryKey: preview ? ['tournament', id, { preview }] : ['tournament', id],
    queryFn: ({ signal, client }) =>
      callEndpoint(TOURNAMENT_ENDPOINTS.tournament, { params: { id }, query: { preview }, signal, client }, null),
    meta: LIVE_FIGURES,
    staleTime: 30_000,
  });

/** One page (10 rows) of the leaderboard (a signed-in player's own row is marked); the previous page stays on screen while the next loads. */
export const tournamentResultsQuery = (id: number, page: number, userId: number | null, preview?: string) =>
  queryOptions({
    queryKey: ['tournament-results', id, page, preview ? { preview } : userId],
    queryFn: ({ signal, client }) =>
      callEndpoint(
        TOURNAMENT_ENDPOINTS.results,
        {
          params: { id },
          query: { offset: page * TOURNAMENT_PAGE_SIZE, limit: TOURNAMENT_PAGE_SIZE, preview },
          signal,
          client,
        },
        preview ? null : userId,
      ),
    placeholderData: keepPreviousData,
    meta: LIVE_FIGURES,
    staleTime: 30_000,
  });

export const ticketRatingQuery = (id: number, period: RatingPeriod, userId: number | null, preview?: string) =>
  queryOptions({
    queryKey: ['tournament-rating', id, period, preview ? { preview } : userId],
    queryFn: ({ signal, client }) =>
      callEndpoint(
        TOURNAMENT_ENDPOINTS.ratingByTickets,
        { params: { id }, query: { period, ratingType: 'tickets', preview }, signal, client },
        preview ? null : userId,
      ),
    placeholderData: keepPreviousData,
    meta: LIVE_FIGURES,
    staleTime: 30_000,
  });

export const tournamentUserResultQuery = (id: number, userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'tournament-user', id),
    queryFn: ({ signal, client }) => callEndpoint(TOURNAMENT_ENDPOINTS.userResult, { params: { id }, signal, client }),
  });

export const tournamentValidationQuery = (userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'tournament-validation'),
    queryFn: ({ signal, client }) => callEndpoint(TOURNAMENT_ENDPOINTS.validateUser, { params: {}, signal, client }),
    staleTime: 5 * 60_000,
  });

/** POST participatetournament: takes part once per key. */
export const participateTournament = (idempotencyKey: string, id: number) =>
  callEndpoint(TOURNAMENT_ENDPOINTS.participate, {
    params: { id },
    body: {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
