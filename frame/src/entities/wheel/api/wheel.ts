import { IDEMPOTENCY_KEY_HEADER, WHEEL_ENDPOINTS } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, readerKey, userQueryKey } from '../../../shared/api/index.ts';

/**
 * The player's wheel (keyed per user, so a sign-out drops it); visitors ask without a token. With a
 * console preview link's token, the previewed version's wheel as a visitor sees it, keyed apart.
 */
export const wheelStateQuery = (promotionId: number, userId: number | null, preview?: string) => {
  const { reader, queryKey } = readerKey(userId, preview, 'wheel', promotionId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal, client }) =>
      callEndpoint(WHEEL_ENDPOINTS.state, { params: { id: promotionId }, query: { preview }, signal, client }, reader),
    staleTime: 30_000,
  });
};

/** POST confirm-participation: takes part (a repeat changes nothing). */
export const joinWheel = (promotionId: number) =>
  callEndpoint(WHEEL_ENDPOINTS.join, { params: { id: promotionId }, body: {} });

/** POST spin (or spin/all: every spin left): the server decides; the same key always gets the same spins. */
export const spinWheel = (promotionId: number, idempotencyKey: string, clientSeed: string, all = false) =>
  callEndpoint(all ? WHEEL_ENDPOINTS.spinAll : WHEEL_ENDPOINTS.spin, {
    params: { id: promotionId },
    body: { clientSeed },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** GET getHistoryWheel: the player's spins, newest first. */
export const wheelHistoryQuery = (promotionId: number, userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'wheel-history', promotionId),
    queryFn: ({ signal, client }) =>
      callEndpoint(WHEEL_ENDPOINTS.history, { params: { id: promotionId }, signal, client }),
  });
