import { PROMO_CREDIT_ENDPOINTS } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { claimReward, promoCreditsOf } from '../domain/promo-credits.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type EndpointRequest, registerEndpoints } from '../http/endpoints.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import type { Api } from '../http/validation.ts';

type ClaimRequest = EndpointRequest<typeof PROMO_CREDIT_ENDPOINTS.claim>;

/** What the settled-bets mechanics credited the player, and the verification reward's claim. */
export function registerPromoCreditRoutes(app: Api, db: Database, guard: AuthGuard): void {
  registerEndpoints(app, PROMO_CREDIT_ENDPOINTS, {
    credits: async (request) => {
      const { userId } = await guard.user(request);
      return promoCreditsOf(db, request.params.id, userId);
    },
    claim: idempotentHandler(
      db,
      guard,
      (request: ClaimRequest) => `claim:${request.params.id}`,
      (tx, userId, request) => claimReward(tx, request.params.id, userId),
    ),
  });
}
