import { HUNT_PATHS, huntSearchSchema } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { huntBoard, searchHunt } from '../domain/hunts.ts';
import { type AuthGuard, idRoute } from '../http/auth-guard.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import { type Api, type ApiRequest, idParams, noQuery } from '../http/validation.ts';

const searchSchema = { params: idParams, querystring: noQuery, body: huntSearchSchema };

/** Collection hunts: the board (the player's album and today's spots) and opening a spot. */
export function registerHuntRoutes(app: Api, db: Database, guard: AuthGuard): void {
  app.get(idRoute(HUNT_PATHS.board), { schema: { params: idParams, querystring: noQuery } }, async (request, reply) => {
    const session = await guard.optionalSession(request);
    const board = await huntBoard(db, request.params.id, session?.userId ?? null);
    return reply.header('cache-control', 'no-store').send(board);
  });

  app.post(
    idRoute(HUNT_PATHS.search),
    { schema: searchSchema },
    idempotentHandler(
      db,
      guard,
      (request: ApiRequest<typeof searchSchema>) => `hunt-search:${request.params.id}`,
      (tx, userId, request) => searchHunt(tx, { promotionId: request.params.id, userId, spot: request.body.spot }),
    ),
  );
}
