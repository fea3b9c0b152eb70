import { PROMO_CREDIT_PATHS } from '@promo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { claimReward, promoCreditsOf } from '../domain/promo-credits.ts';
import { type AuthGuard, idRoute, positiveId } from './auth-guard.ts';
import { idempotentHandler } from './idempotent.ts';

type ById = FastifyRequest<{ Params: { id: string } }>;
const idOf = (request: ById) => positiveId(request.params.id);

/** What the settled-bets mechanics credited the player, and the verification reward's claim. */
export function registerPromoCreditRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.get(idRoute(PROMO_CREDIT_PATHS.credits), async (request: ById, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send(await promoCreditsOf(db, idOf(request), userId));
  });
  app.post(
    idRoute(PROMO_CREDIT_PATHS.claim),
    idempotentHandler(
      db,
      guard,
      (request: ById) => `claim:${idOf(request)}`,
      (tx, userId, request) => claimReward(tx, idOf(request), userId),
    ),
  );
}
