import { CMS_PATHS, isCmsPageType, isLanguageCode, WEB_API_BASE } from '@promo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { banners, cmsPage, landingPage } from '../domain/cms.ts';
import { loadProjectId } from '../domain/site-config.ts';
import { httpError } from '../http-error.ts';
import { positiveId } from './auth-guard.ts';

type CmsQuery = { type?: string; slug?: string; language?: string; currency?: string; country?: string };
type CmsRequest = FastifyRequest<{ Params: { href?: string; id?: string }; Querystring: CmsQuery }>;

const languageOf = (request: CmsRequest) => {
  const language = request.query.language ?? 'en';
  if (!isLanguageCode(language)) throw httpError(400, 'language must be a two-letter code');
  return language;
};
const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Spec 7 bonus CMS pages, landings and banners data; pages change on publication only. */
export function registerCmsRoutes(app: FastifyInstance, db: Database): void {
  const send = (reply: FastifyReply, body: unknown) => reply.header('cache-control', 'public, max-age=60').send(body);

  app.get(`${WEB_API_BASE}${CMS_PATHS.page}`, async (request: CmsRequest, reply) => {
    const { type = '', slug = '' } = request.query;
    if (!isCmsPageType(type)) throw httpError(404, `Unknown page type ${type.slice(0, 40)}`);
    if (!SLUG.test(slug)) throw httpError(400, 'slug must be lowercase letters, digits and dashes');
    return send(reply, await cmsPage(db, { type, slug, language: languageOf(request) }));
  });

  app.get(`${WEB_API_BASE}${CMS_PATHS.page}/promotion/:href`, async (request: CmsRequest, reply) => {
    const href = request.params.href ?? '';
    if (!SLUG.test(href)) throw httpError(400, 'href must be lowercase letters, digits and dashes');
    const { country } = request.query;
    if (country !== undefined && !/^[A-Za-z]{2}$/.test(country))
      throw httpError(400, 'country must be a two-letter code');
    return send(reply, await cmsPage(db, { type: 'bonus', slug: href, language: languageOf(request), country }));
  });

  app.get(`${WEB_API_BASE}${CMS_PATHS.landing(':id')}`, async (request: CmsRequest, reply) =>
    send(reply, await landingPage(db, positiveId(request.params.id ?? '', 'Landing id'), languageOf(request))),
  );

  app.get(`${WEB_API_BASE}${CMS_PATHS.banners}`, async (request: CmsRequest, reply) =>
    send(reply, await banners(db, languageOf(request))),
  );

  // The bonus CMS serves one project: its promotion service is the project's.
  app.get(`${WEB_API_BASE}${CMS_PATHS.promotionServiceId}`, async (_request, reply) => {
    const projectId = await loadProjectId(db);
    if (projectId === null) throw httpError(503, 'The site config has no project id');
    return send(reply, { promotionServiceId: projectId });
  });
}
