import { PROMOTION_ENDPOINTS } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { evaginariumMobile, evasFavorites } from '../domain/games.ts';
import { findPromotion, listPromotions, type PromotionRows, previewPromotion } from '../domain/promotions.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

/**
 * Spec 7 "Promotions": GET /external-api/promotions/{id} (visitors see every promotion) and the
 * game lists of Eva's favourites and Evaginarium.
 */
export function registerPromotionRoutes(app: Api, db: Database, guard: AuthGuard, rows: PromotionRows): void {
  registerEndpoints(app, PROMOTION_ENDPOINTS, {
    index: async (request) => {
      const { lang: language, currency } = request.query;
      return { promotions: await listPromotions(db, { language, currency }) };
    },
    promotion: async (request) => {
      const { key } = request.params;
      const { lang: language, currency } = request.query;
      const promotion = await findPromotion(rows, key, { language, currency });
      if (!promotion) throw httpError(404, `Promotion ${key} not found`, 'not_found');
      return promotion;
    },
    preview: async (request) => {
      const { lang: language, currency } = request.query;
      const promotion = await previewPromotion(db, request.params.token, { language, currency });
      if (!promotion) throw httpError(404, 'This preview link has expired or does not exist', 'not_found');
      return promotion;
    },
    evasFavorites: async (request) => {
      const session = await guard.optionalSession(request);
      return evasFavorites(db, session?.userId ?? null);
    },
    evaginariumMobile: async () => evaginariumMobile(db),
  });
}
