import { CMS_PATHS, isCmsPageType, LANGUAGE_CODE_PATTERN, WEB_API_BASE } from '@promo/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { ContentWatch } from '../db/content-watch.ts';
import { bannerRows, banners, cmsPage, landingPage, latestPage, type PageLookup } from '../domain/cms.ts';
import { loadProjectId } from '../domain/site-config.ts';
import { httpError } from '../http-error.ts';
import { createContentCache } from './prepared-answers.ts';
import { type Api, idParams, noQuery } from './validation.ts';

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lowercase letters, digits and dashes expected');
const languageQuery = z.object({ language: z.string().regex(LANGUAGE_CODE_PATTERN).default('en') });
const pageQuery = languageQuery.extend({ type: z.string().max(40).default(''), slug });
const promotionPageQuery = languageQuery.extend({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter country code expected')
    .optional(),
});

/**
 * Spec 7 bonus CMS pages, landings and banners data; pages change on publication only. Each
 * page's latest version and each language's banners are read once and kept until the content
 * changes (pages and banners bump the content version, migration 0022; decision 020).
 */
export function registerCmsRoutes(app: Api, db: Database, watch: ContentWatch): void {
  const cached = createContentCache(watch);
  // A page the CMS does not have is not kept: made-up slugs cannot fill the cache.
  const latest: PageLookup = (type, slug, language) =>
    cached.ifFound(`page ${type} ${slug} ${language}`, () => latestPage(db, type, slug, language));
  const rowsOf = (language: string) => cached(`banners ${language}`, () => bannerRows(db, language));
  const send = (reply: FastifyReply, body: unknown) => reply.header('cache-control', 'public, max-age=60').send(body);

  app.get(`${WEB_API_BASE}${CMS_PATHS.page}`, { schema: { querystring: pageQuery } }, async (request, reply) => {
    const { type, slug, language } = request.query;
    // A type the CMS does not have is a page it does not have.
    if (!isCmsPageType(type)) throw httpError(404, `Unknown page type ${type}`, 'not_found');
    return send(reply, await cmsPage(db, { type, slug, language }, latest));
  });

  app.get(
    `${WEB_API_BASE}${CMS_PATHS.page}/promotion/:href`,
    { schema: { params: z.object({ href: slug }), querystring: promotionPageQuery } },
    async (request, reply) => {
      const { language, country } = request.query;
      return send(reply, await cmsPage(db, { type: 'bonus', slug: request.params.href, language, country }, latest));
    },
  );

  app.get(
    `${WEB_API_BASE}${CMS_PATHS.landing(':id')}`,
    { schema: { params: idParams, querystring: languageQuery } },
    async (request, reply) => send(reply, await landingPage(db, request.params.id, request.query.language, latest)),
  );

  app.get(`${WEB_API_BASE}${CMS_PATHS.banners}`, { schema: { querystring: languageQuery } }, async (request, reply) =>
    send(reply, await banners(db, request.query.language, new Date(), rowsOf)),
  );

  // The bonus CMS serves one project: its promotion service is the project's.
  app.get(`${WEB_API_BASE}${CMS_PATHS.promotionServiceId}`, { schema: { querystring: noQuery } }, async (_r, reply) => {
    const projectId = await loadProjectId(db);
    if (projectId === null) throw httpError(503, 'The site config has no project id');
    return send(reply, { promotionServiceId: projectId });
  });
}
