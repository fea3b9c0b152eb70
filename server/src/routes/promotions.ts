import { GAME_PATHS, WEB_API_BASE } from '@promo/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { evaginariumMobile, evasFavorites } from '../domain/games.ts';
import { findPromotion } from '../domain/promotions.ts';
import { httpError } from '../http-error.ts';
import type { AuthGuard } from './auth-guard.ts';

/**
 * Spec 7 "Promotions": GET /external-api/promotions/{id} (visitors see every promotion) and the
 * game lists of Eva's favourites and Evaginarium.
 */
export function registerPromotionRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.get<{ Params: { key: string } }>('/web-api/external-api/promotions/:key', async (request, reply) => {
    const { key } = request.params;
    if (!/^[a-z0-9-]{1,64}$/.test(key)) throw httpError(400, 'Promotion id or slug expected');
    const promotion = await findPromotion(db, key);
    if (!promotion) throw httpError(404, `Promotion ${key} not found`);
    // Status changes at start and end only; a minute of caching is harmless.
    return reply.header('cache-control', 'public, max-age=60').send(promotion);
  });

  app.get(`${WEB_API_BASE}${GAME_PATHS.evasFavorites}`, async (request, reply) => {
    const session = await guard.optionalSession(request);
    return reply.header('cache-control', 'no-store').send(await evasFavorites(db, session?.userId ?? null));
  });
  app.get(`${WEB_API_BASE}${GAME_PATHS.evaginariumMobile}`, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await evaginariumMobile(db)),
  );
}
