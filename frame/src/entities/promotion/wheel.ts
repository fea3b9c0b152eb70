import { IDEMPOTENCY_KEY_HEADER, spinResultSchema, wheelStateSchema } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, publicRequest, userQueryKey } from '../../shared/api/index.ts';

const wheelPath = (promotionId: number) => `/api/web/promotions/wheel/${promotionId}`;

/** The player's wheel (keyed per user, so a sign-out drops it); visitors ask without a token. */
export const wheelStateQuery = (promotionId: number, userId: number | null) =>
  queryOptions({
    queryKey: userId === null ? ['wheel', promotionId] : userQueryKey(userId, 'wheel', promotionId),
    queryFn: ({ signal }) =>
      userId === null
        ? publicRequest(wheelPath(promotionId), wheelStateSchema, { signal })
        : apiRequest(wheelPath(promotionId), wheelStateSchema, { signal }),
    staleTime: 30_000,
  });

/** POST confirm-participation: takes part (a repeat changes nothing). */
export const joinWheel = (promotionId: number) =>
  apiRequest(`${wheelPath(promotionId)}/confirm-participation`, wheelStateSchema, { method: 'POST', body: {} });

/** POST spin: the server decides; the same key always gets the same single spin. */
export const spinWheel = (promotionId: number, idempotencyKey: string, clientSeed: string) =>
  apiRequest(`${wheelPath(promotionId)}/spin`, spinResultSchema, {
    method: 'POST',
    body: { clientSeed },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
