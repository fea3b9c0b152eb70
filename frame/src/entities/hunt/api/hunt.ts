import { HUNT_PATHS, huntBoardSchema, huntSearchResultSchema, IDEMPOTENCY_KEY_HEADER } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requestAs, userQueryKey } from '../../../shared/api/index.ts';

/** GET hunt: the set and its completions; for a player also today's spots and the album. */
export const huntBoardQuery = (promotionId: number, userId: number | null) =>
  queryOptions({
    queryKey: userId === null ? ['hunt', promotionId] : userQueryKey(userId, 'hunt', promotionId),
    queryFn: ({ signal }) => requestAs(userId, HUNT_PATHS.board(promotionId), huntBoardSchema, { signal }),
    staleTime: 30_000,
  });

/** POST hunt/search: opens one spot of today's board; the same key always opens the same one. */
export const searchHunt = (idempotencyKey: string, promotionId: number, spot: number) =>
  apiRequest(HUNT_PATHS.search(promotionId), huntSearchResultSchema, {
    method: 'POST',
    body: { spot },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
