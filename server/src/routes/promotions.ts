import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { findPromotion } from '../domain/promotions.ts';
import { httpError } from '../http-error.ts';

/** Spec 7 "Promotions": GET /external-api/promotions/{id} (visitors see every promotion). */
export function registerPromotionRoutes(app: FastifyInstance, db: Database): void {
  app.get<{ Params: { key: string } }>('/web-api/external-api/promotions/:key', async (request, reply) => {
    const { key } = request.params;
    if (!/^[a-z0-9-]{1,64}$/.test(key)) throw httpError(400, 'Promotion id or slug expected');
    const promotion = await findPromotion(db, key);
    if (!promotion) throw httpError(404, `Promotion ${key} not found`);
    // Status changes at start and end only; a minute of caching is harmless.
    return reply.header('cache-control', 'public, max-age=60').send(promotion);
  });
}
