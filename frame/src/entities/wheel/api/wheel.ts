import { IDEMPOTENCY_KEY_HEADER, spinResultSchema, wheelHistorySchema, wheelStateSchema } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requestAs, userQueryKey } from '../../../shared/api/index.ts';

const wheelPath = (promotionId: number) => `/api/web/promotions/wheel/${promotionId}`;

/** The player's wheel (keyed per user, so a sign-out drops it); visitors ask without a token. */
export const wheelStateQuery = (promotionId: number, userId: number | null) =>
  queryOptions({
    queryKey: userId === null ? ['wheel', promotionId] : userQueryKey(userId, 'wheel', promotionId),
    queryFn: ({ signal }) => requestAs(userId, wheelPath(promotionId), wheelStateSchema, { signal }),
    staleTime: 30_000,
  });

/** POST confirm-participation: takes part (a repeat changes nothing). */
export const joinWheel = (promotionId: number) =>
  apiRequest(`${wheelPath(promotionId)}/confirm-participation`, wheelStateSchema, { method: 'POST', body: {} });

/** POST spin (or spin/all: every spin left): the server decides; the same key always gets the same spins. */
export const spinWheel = (promotionId: number, idempotencyKey: string, clientSeed: string, all = false) =>
  apiRequest(`${wheelPath(promotionId)}/spin${all ? '/all' : ''}`, spinResultSchema, {
    method: 'POST',
    body: { clientSeed },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** GET getHistoryWheel: the player's spins, newest first. */
export const wheelHistoryQuery = (promotionId: number, userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'wheel-history', promotionId),
    queryFn: ({ signal }) => apiRequest(`${wheelPath(promotionId)}/getHistoryWheel`, wheelHistorySchema, { signal }),
  });
