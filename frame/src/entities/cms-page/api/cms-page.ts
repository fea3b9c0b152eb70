import {
  bannersSchema,
  CMS_PATHS,
  type CmsPageType,
  cmsPageSchema,
  PROMOTION_SERVICE_PARAM,
  promotionServiceIdSchema,
} from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { publicRequest } from '../../../shared/api/index.ts';

/** Who a CMS page is asked for: its language, the player's currency and country (null: not known). */
export interface CmsAudience {
  language: string;
  currency: string;
  country: string | null;
}

/** A CMS query's key: pages and landings share one shape, so a page asks again by either. */
const cmsKey = (...parts: Array<string | number | null>) => parts;

/** A query string of the values that are set. */
const query = (params: Record<string, string | number | null>) => {
  const set = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== null);
  return `?${new URLSearchParams(set.map(([name, value]) => [name, String(value)])).toString()}`;
};

/**
 * GET promotion_service_id: the promotion service the bonus CMS calls name. Asked once a session:
 * it is the project's, which does not change while the frame runs (decision 030).
 */
export const promotionServiceQuery = () =>
  queryOptions({
    queryKey: ['promotion-service-id'],
    queryFn: ({ signal }) => publicRequest(CMS_PATHS.promotionServiceId, promotionServiceIdSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/**
 * A CMS page in the audience's language, its money in their currency; a page not offered in their
 * country is a 404. Both are bonus CMS calls, which name the promotion service: a bonus page is a
 * promotion's bonus page (GET bonus-api/page/promotion/{href}), a landing or headless page is asked
 * by type (GET bonus-api/page) (decision 030).
 */
export const cmsPageQuery = (type: CmsPageType, slug: string, audience: CmsAudience) =>
  queryOptions({
    queryKey: cmsKey('cms-page', type, slug, audience.language, audience.currency, audience.country),
    queryFn: async ({ signal, client }) => {
      const { promotionServiceId } = await client.ensureQueryData(promotionServiceQuery());
      const asked = { ...audience, [PROMOTION_SERVICE_PARAM]: promotionServiceId };
      const path =
        type === 'bonus'
          ? `${CMS_PATHS.promotionPage(slug)}${query(asked)}`
          : `${CMS_PATHS.page}${query({ type, slug, ...asked })}`;
      return publicRequest(path, cmsPageSchema, { signal });
    },
    staleTime: 5 * 60_000,
  });

/** GET landings/{id}: a landing page for the audience. */
export const landingQuery = (id: number, audience: CmsAudience) =>
  queryOptions({
    queryKey: cmsKey('cms-landing', id, audience.language, audience.currency, audience.country),
    queryFn: ({ signal }) =>
      publicRequest(`${CMS_PATHS.landing(id)}${query({ ...audience })}`, cmsPageSchema, { signal }),
    staleTime: 5 * 60_000,
  });

/** GET banners/data: the running promo banners in a language, their money in a currency. */
export const bannersQuery = (language: string, currency: string) =>
  queryOptions({
    queryKey: ['cms-banners', language, currency],
    queryFn: ({ signal }) =>
      publicRequest(`${CMS_PATHS.banners}${query({ language, currency })}`, bannersSchema, { signal }),
    staleTime: 5 * 60_000,
  });
