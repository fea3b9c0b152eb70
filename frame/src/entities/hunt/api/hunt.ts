import { HUNT_ENDPOINTS, IDEMPOTENCY_KEY_HEADER } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, userQueryKey } from '../../../shared/api/index.ts';

/** GET hunt: the set and its completions; for a player also today's spots and the album. */
export const huntBoardQuery = (promotionId: number, userId: number | null) =>
  queryOptions({
    queryKey: userId === null ? ['hunt', promotionId] : userQueryKey(userId, 'hunt', promotionId),
    queryFn: ({ signal }) => callEndpoint(HUNT_ENDPOINTS.board, { params: { id: promotionId }, signal }, userId),
    staleTime: 30_000,
  });

/** POST hunt/search: opens one spot of today's board; the same key always opens the same one. */
export const searchHunt = (idempotencyKey: string, promotionId: number, spot: number) =>
  callEndpoint(HUNT_ENDPOINTS.search, {
    params: { id: promotionId },
    body: { spot },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
