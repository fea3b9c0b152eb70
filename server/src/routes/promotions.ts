import { GAME_PATHS, SLUG_MAX_LENGTH, SLUG_PATTERN, WEB_API_BASE } from '@promo/contract';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { evaginariumMobile, evasFavorites } from '../domain/games.ts';
import { findPromotion, listPromotions } from '../domain/promotions.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type Api, currencyCode, languageCode, noQuery } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

const promotionQuery = z.object({ lang: languageCode.optional(), currency: currencyCode.optional() });
const promotionParams = z.object({
  key: z.string().max(SLUG_MAX_LENGTH).regex(SLUG_PATTERN, 'a promotion id or slug expected'),
});

/**
 * Spec 7 "Promotions": GET /external-api/promotions/{id} (visitors see every promotion) and the
 * game lists of Eva's favourites and Evaginarium.
 */
export function registerPromotionRoutes(app: Api, db: Database, guard: AuthGuard): void {
  app.get(
    '/web-api/external-api/promotions/:key',
    { schema: { params: promotionParams, querystring: promotionQuery } },
    async (request, reply) => {
      const { key } = request.params;
      const { lang: language, currency } = request.query;
      const promotion = await findPromotion(db, key, { language, currency });
      if (!promotion) throw httpError(404, `Promotion ${key} not found`, 'not_found');
      // Status changes at start and end only; a minute of caching is harmless.
      return reply.header('cache-control', 'public, max-age=60').send(promotion);
    },
  );

  app.get('/web-api/external-api/promotions', { schema: { querystring: promotionQuery } }, async (request, reply) => {
    const { lang: language, currency } = request.query;
    const cards = await listPromotions(db, { language, currency });
    return reply.header('cache-control', 'public, max-age=60').send({ promotions: cards });
  });

  app.get(
    `${WEB_API_BASE}${GAME_PATHS.evasFavorites}`,
    { schema: { querystring: noQuery } },
    async (request, reply) => {
      const session = await guard.optionalSession(request);
      return reply.header('cache-control', 'no-store').send(await evasFavorites(db, session?.userId ?? null));
    },
  );
  app.get(
    `${WEB_API_BASE}${GAME_PATHS.evaginariumMobile}`,
    { schema: { querystring: noQuery } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(await evaginariumMobile(db)),
  );
}
