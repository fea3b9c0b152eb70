import { HUNT_ENDPOINTS, IDEMPOTENCY_KEY_HEADER } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, readerKey } from '../../../shared/api/index.ts';

/**
 * GET hunt: the set and its completions; for a player also today's spots and the album. With a
 * console preview link's token, the previewed version's hunt as a visitor sees it, keyed apart.
 */
export const huntBoardQuery = (promotionId: number, userId: number | null, preview?: string) => {
  const { reader, queryKey } = readerKey(userId, preview, 'hunt', promotionId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal, client }) =>
      callEndpoint(HUNT_ENDPOINTS.board, { params: { id: promotionId }, query: { preview }, signal, client }, reader),
    staleTime: 30_000,
  });
};

/** POST hunt/search: opens one spot of today's board; the same key always opens the same one. */
export const searchHunt = (idempotencyKey: string, promotionId: number, spot: number) =>
  callEndpoint(HUNT_ENDPOINTS.search, {
    params: { id: promotionId },
    body: { spot },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
