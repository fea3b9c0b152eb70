import { GAME_PATHS, WEB_API_BASE } from '@promo/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { evaginariumMobile, evasFavorites } from '../domain/games.ts';
import { findPromotion, listPromotions } from '../domain/promotions.ts';
import { httpError } from '../http-error.ts';
import type { AuthGuard } from './auth-guard.ts';

/** A language code query parameter: two letters, or absent. */
function languageParam(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[a-z]{2}$/.test(value))
    throw httpError(400, 'lang must be a two-letter code', 'invalid_param');
  return value;
}

/** A currency code query parameter (USD, mBTC), or absent. */
function currencyParam(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[A-Za-z]{3,5}$/.test(value))
    throw httpError(400, 'currency must be a currency code', 'invalid_param');
  return value;
}

/**
 * Spec 7 "Promotions": GET /external-api/promotions/{id} (visitors see every promotion) and the
 * game lists of Eva's favourites and Evaginarium.
 */
export function registerPromotionRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.get<{ Params: { key: string }; Querystring: { lang?: string; currency?: string } }>(
    '/web-api/external-api/promotions/:key',
    async (request, reply) => {
      const { key } = request.params;
      if (!/^[a-z0-9-]{1,64}$/.test(key)) throw httpError(400, 'Promotion id or slug expected', 'invalid_param');
      const promotion = await findPromotion(db, key, {
        language: languageParam(request.query.lang),
        currency: currencyParam(request.query.currency),
      });
      if (!promotion) throw httpError(404, `Promotion ${key} not found`, 'not_found');
      // Status changes at start and end only; a minute of caching is harmless.
      return reply.header('cache-control', 'public, max-age=60').send(promotion);
    },
  );

  app.get<{ Querystring: { lang?: string; currency?: string } }>(
    '/web-api/external-api/promotions',
    async (request, reply) => {
      const cards = await listPromotions(db, {
        language: languageParam(request.query.lang),
        currency: currencyParam(request.query.currency),
      });
      return reply.header('cache-control', 'public, max-age=60').send({ promotions: cards });
    },
  );

  app.get(`${WEB_API_BASE}${GAME_PATHS.evasFavorites}`, async (request, reply) => {
    const session = await guard.optionalSession(request);
    return reply.header('cache-control', 'no-store').send(await evasFavorites(db, session?.userId ?? null));
  });
  app.get(`${WEB_API_BASE}${GAME_PATHS.evaginariumMobile}`, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await evaginariumMobile(db)),
  );
}
