import { HUNT_ENDPOINTS } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { huntBoard, searchHunt } from '../domain/hunts.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type EndpointRequest, registerEndpoints } from '../http/endpoints.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import type { Api } from '../http/validation.ts';

type SearchRequest = EndpointRequest<typeof HUNT_ENDPOINTS.search>;

/** Collection hunts: the board (the player's album and today's spots) and opening a spot. */
export function registerHuntRoutes(app: Api, db: Database, guard: AuthGuard): void {
  registerEndpoints(app, HUNT_ENDPOINTS, {
    board: async (request) => {
      const { preview } = request.query;
      return huntBoard(db, request.params.id, await guard.readerId(request, preview), new Date(), preview);
    },
    search: idempotentHandler(
      db,
      guard,
      (request: SearchRequest) => `hunt-search:${request.params.id}`,
      (tx, userId, request) => searchHunt(tx, { promotionId: request.params.id, userId, spot: request.body.spot }),
    ),
  });
}
