import { IDEMPOTENCY_KEY_HEADER, PROMO_CREDIT_ENDPOINTS } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, userQueryKey } from '../../../shared/api/index.ts';

/** GET credits: what a settled-bets promotion credited the player, and where the player stands. */
export const promoCreditsQuery = (userId: number, promotionId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'promo-credits', promotionId),
    queryFn: ({ signal, client }) =>
      callEndpoint(PROMO_CREDIT_ENDPOINTS.credits, { params: { id: promotionId }, signal, client }),
  });

/** POST claim: takes the verification reward, once per key (the server takes it once per account). */
export const claimReward = (idempotencyKey: string, promotionId: number) =>
  callEndpoint(PROMO_CREDIT_ENDPOINTS.claim, {
    params: { id: promotionId },
    body: {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
