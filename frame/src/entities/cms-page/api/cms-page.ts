import { CMS_ENDPOINTS, CMS_PREVIEW_ENDPOINTS, type CmsPageType, PROMOTION_SERVICE_PARAM } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/index.ts';

/** Who a CMS page is asked for: its language, the player's currency and country (null: not known). */
export interface CmsAudience {
  language: string;
  currency: string;
  country: string | null;
}

/** A CMS query's key: pages and landings share one shape, so a page asks again by either. */
const cmsKey = (...parts: Array<string | number | null>) => parts;

/** The audience as a query: a country not known is left out. */
const audienceQuery = ({ language, currency, country }: CmsAudience) => ({
  language,
  currency,
  country: country ?? undefined,
});

/**
 * GET promotion_service_id: the promotion service the bonus CMS calls name. Asked once a session:
 * it is the project's, which does not change while the frame runs (decision 030).
 */
export const promotionServiceQuery = () =>
  queryOptions({
    queryKey: ['promotion-service-id'],
    queryFn: ({ signal, client }) =>
      callEndpoint(CMS_ENDPOINTS.promotionServiceId, { params: {}, signal, client }, null),
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
      const asked = { ...audienceQuery(audience), [PROMOTION_SERVICE_PARAM]: promotionServiceId };
      return type === 'bonus'
        ? callEndpoint(CMS_ENDPOINTS.promotionPage, { params: { href: slug }, query: asked, signal, client }, null)
        : callEndpoint(CMS_ENDPOINTS.page, { params: {}, query: { type, slug, ...asked }, signal, client }, null);
    },
    staleTime: 5 * 60_000,
  });

/** GET landings/{id}: a landing page for the audience. */
export const landingQuery = (id: number, audience: CmsAudience) =>
  queryOptions({
    queryKey: cmsKey('cms-landing', id, audience.language, audience.currency, audience.country),
    queryFn: ({ signal, client }) =>
      callEndpoint(CMS_ENDPOINTS.landing, { params: { id }, query: audienceQuery(audience), signal, client }, null),
    staleTime: 5 * 60_000,
  });

/** GET banners/data: the running promo banners in a language, their money in a currency. */
export const bannersQuery = (language: string, currency: string) =>
  queryOptions({
    queryKey: ['cms-banners', language, currency],
    queryFn: ({ signal, client }) =>
      callEndpoint(CMS_ENDPOINTS.banners, { params: {}, query: { language, currency }, signal, client }, null),
    staleTime: 5 * 60_000,
  });

/**
 * GET page-previews/{token}: the version of a CMS page a console preview link names (decision 050),
 * in the audience's language and currency; never kept for long (the link may show a newer save).
 */
export const cmsPreviewQuery = (token: string, { language, currency }: CmsAudience) =>
  queryOptions({
    queryKey: cmsKey('cms-preview', token, language, currency),
    queryFn: ({ signal, client }) =>
      callEndpoint(
        CMS_PREVIEW_ENDPOINTS.pagePreview,
        { params: { token }, query: { language, currency }, signal, client },
        null,
      ),
    staleTime: 0,
  });
