import { IDEMPOTENCY_KEY_HEADER, PROMO_CREDIT_PATHS, promoCreditsSchema } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, userQueryKey } from '../../../shared/api/index.ts';

/** GET credits: what a settled-bets promotion credited the player, and where the player stands. */
export const promoCreditsQuery = (userId: number, promotionId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'promo-credits', promotionId),
    queryFn: ({ signal }) => apiRequest(PROMO_CREDIT_PATHS.credits(promotionId), promoCreditsSchema, { signal }),
  });

/** POST claim: takes the verification reward, once per key (the server takes it once per account). */
export const claimReward = (idempotencyKey: string, promotionId: number) =>
  apiRequest(PROMO_CREDIT_PATHS.claim(promotionId), promoCreditsSchema, {
    method: 'POST',
    body: {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
