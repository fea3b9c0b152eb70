import {
  IDEMPOTENCY_KEY_HEADER,
  type RatingPeriod,
  TOURNAMENT_PAGE_SIZE,
  TOURNAMENT_PATHS,
  ticketRatingSchema,
  tournamentResultsSchema,
  tournamentSchema,
  tournamentUserResultSchema,
  tournamentValidationSchema,
} from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, publicRequest, requestAs, userQueryKey } from '../../../shared/api/index.ts';

export const tournamentQuery = (id: number) =>
  queryOptions({
    queryKey: ['tournament', id],
    queryFn: ({ signal }) => publicRequest(TOURNAMENT_PATHS.tournament(id), tournamentSchema, { signal }),
    staleTime: 30_000,
  });

/** One page (10 rows) of the leaderboard (a signed-in player's own row is marked); the previous page stays on screen while the next loads. */
export const tournamentResultsQuery = (id: number, page: number, userId: number | null) =>
  queryOptions({
    queryKey: ['tournament-results', id, page, userId],
    queryFn: ({ signal }) =>
      requestAs(
        userId,
        `${TOURNAMENT_PATHS.results(id)}?offset=${page * TOURNAMENT_PAGE_SIZE}&limit=${TOURNAMENT_PAGE_SIZE}`,
        tournamentResultsSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const ticketRatingQuery = (id: number, period: RatingPeriod, userId: number | null) =>
  queryOptions({
    queryKey: ['tournament-rating', id, period, userId],
    queryFn: ({ signal }) =>
      requestAs(
        userId,
        `${TOURNAMENT_PATHS.ratingByTickets(id)}?period=${period}&ratingType=tickets`,
        ticketRatingSchema,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const tournamentUserResultQuery = (id: number, userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'tournament-user', id),
    queryFn: ({ signal }) => apiRequest(TOURNAMENT_PATHS.userResult(id), tournamentUserResultSchema, { signal }),
  });

export const tournamentValidationQuery = (userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'tournament-validation'),
    queryFn: ({ signal }) => apiRequest(TOURNAMENT_PATHS.validateUser, tournamentValidationSchema, { signal }),
    staleTime: 5 * 60_000,
  });

/** POST participatetournament: takes part once per key. */
export const participateTournament = (idempotencyKey: string, id: number) =>
  apiRequest(TOURNAMENT_PATHS.participate(id), tournamentUserResultSchema, {
    method: 'POST',
    body: {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
