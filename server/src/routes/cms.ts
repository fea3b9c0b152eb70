import { CMS_ENDPOINTS, isCmsPageType, PROMOTION_SERVICE_PARAM } from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { createContentCache } from '../db/content-cache.ts';
import type { ContentWatch } from '../db/content-watch.ts';
import {
  type Audience,
  bannerRows,
  banners,
  cmsPage,
  landingPage,
  latestPage,
  type PageLookup,
} from '../domain/cms.ts';
import { isCountryCode } from '../domain/countries.ts';
import { isKnownCurrency } from '../domain/currencies.ts';
import { loadProjectId } from '../domain/site-config.ts';
import { findUser } from '../domain/users.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

/**
 * The audience of a well-formed query, once its currency and country are known ones: an unknown
 * currency or country is a 400 with its own code (the message in the request's language).
 */
function audienceOf(query: { language: string; currency: string; country?: string }): Audience {
  const { language, currency, country } = query;
  if (!isKnownCurrency(currency)) throw httpError(400, `Unknown currency ${currency}`, 'unknown_currency');
  if (country !== undefined && !isCountryCode(country)) {
    throw httpError(400, `Unknown country ${country}`, 'unknown_country');
  }
  return { language, currency, ...(country === undefined ? {} : { country }) };
}

/**
 * Spec 7 bonus CMS pages, landings and banners data; pages change on publication only. Each
 * page's latest version and each language's banners are read once and kept until the content
 * changes (pages and banners bump the content version, migration 0022; decision 020); money is put
 * in the asked currency on the way out (decision 030). A bonus page is chosen by the signed-in
 * player's country: the table keeps it private (issue 38).
 */
export function registerCmsRoutes(app: Api, db: Database, watch: ContentWatch, guard: AuthGuard): void {
  const cached = createContentCache(watch);
  // A page the CMS does not have is not kept: made-up slugs cannot fill the cache.
  const latest: PageLookup = (type, slug, language) =>
    cached.ifFound(`page ${type} ${slug} ${language}`, () => latestPage(db, type, slug, language));
  const rowsOf = (language: string) => cached(`banners ${language}`, () => bannerRows(db, language));
  const projectId = () => cached('project id', () => loadProjectId(db));

  /** The bonus CMS serves one promotion service, the project's: another one has no pages here. */
  async function checkService(asked: number): Promise<void> {
    if (asked !== (await projectId())) {
      throw httpError(404, `Promotion service ${asked} is not served here`, 'unknown_promotion_service');
    }
  }

  /**
   * The audience of a bonus page: a signed-in player's country is the one the server has for them,
   * whatever the query says (a page limited to some countries may be so for legal reasons); a
   * visitor's is the query's, the caller's word.
   */
  const pageAudience = async (request: FastifyRequest, query: Parameters<typeof audienceOf>[0]) => {
    const audience = audienceOf(query);
    const session = await guard.optionalSession(request);
    const user = session?.userId ? await findUser(db, session.userId) : undefined;
    return user ? { ...audience, country: user.countryCode } : audience;
  };

  registerEndpoints(app, CMS_ENDPOINTS, {
    page: async (request) => {
      const { type, slug } = request.query;
      const audience = await pageAudience(request, request.query);
      await checkService(request.query[PROMOTION_SERVICE_PARAM]);
      // A type the CMS does not have is a page it does not have.
      if (!isCmsPageType(type)) throw httpError(404, `Unknown page type ${type}`, 'not_found');
      return cmsPage(db, { ...audience, type, slug }, latest);
    },
    // A promotion's bonus page: the frame's bonus/{href} pages (decision 030).
    promotionPage: async (request) => {
      const audience = await pageAudience(request, request.query);
      await checkService(request.query[PROMOTION_SERVICE_PARAM]);
      return cmsPage(db, { ...audience, type: 'bonus', slug: request.params.href }, latest);
    },
    landing: async (request) => landingPage(db, request.params.id, audienceOf(request.query), latest),
    banners: async (request) => banners(db, audienceOf(request.query), new Date(), rowsOf),
    // The bonus CMS serves one project: its promotion service is the project's.
    promotionServiceId: async () => {
      const id = await projectId();
      if (id === null) throw httpError(503, 'The site config has no project id');
      return { promotionServiceId: id };
    },
  });
}
