import { HUNT_PATHS, huntSearchSchema } from '@promo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { huntBoard, searchHunt } from '../domain/hunts.ts';
import { type AuthGuard, idRoute, parseBody, positiveId } from './auth-guard.ts';
import { idempotentHandler } from './idempotent.ts';

type ById = FastifyRequest<{ Params: { id: string } }>;

/** Collection hunts: the board (the player's album and today's spots) and opening a spot. */
export function registerHuntRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.get(idRoute(HUNT_PATHS.board), async (request: ById, reply) => {
    const session = await guard.optionalSession(request);
    const board = await huntBoard(db, positiveId(request.params.id), session?.userId ?? null);
    return reply.header('cache-control', 'no-store').send(board);
  });

  app.post(
    idRoute(HUNT_PATHS.search),
    idempotentHandler(
      db,
      guard,
      (request: ById) => `hunt-search:${request.params.id}`,
      (tx, userId, request: ById) =>
        searchHunt(tx, {
          promotionId: positiveId(request.params.id),
          userId,
          spot: parseBody(huntSearchSchema, request.body).spot,
        }),
    ),
  );
}
