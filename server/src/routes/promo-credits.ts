import { PROMO_CREDIT_PATHS } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { claimReward, promoCreditsOf } from '../domain/promo-credits.ts';
import { type AuthGuard, idRoute } from '../http/auth-guard.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import { type Api, type ApiRequest, idParams, noBody, noQuery } from '../http/validation.ts';

const claimSchema = { params: idParams, querystring: noQuery, body: noBody };

/** What the settled-bets mechanics credited the player, and the verification reward's claim. */
export function registerPromoCreditRoutes(app: Api, db: Database, guard: AuthGuard): void {
  app.get(
    idRoute(PROMO_CREDIT_PATHS.credits),
    { schema: { params: idParams, querystring: noQuery } },
    async (request, reply) => {
      const { userId } = await guard.user(request);
      return reply.header('cache-control', 'no-store').send(await promoCreditsOf(db, request.params.id, userId));
    },
  );
  app.post(
    idRoute(PROMO_CREDIT_PATHS.claim),
    { schema: claimSchema },
    idempotentHandler(
      db,
      guard,
      (request: ApiRequest<typeof claimSchema>) => `claim:${request.params.id}`,
      (tx, userId, request) => claimReward(tx, request.params.id, userId),
    ),
  );
}
