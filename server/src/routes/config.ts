import { CONFIG_PART_PATH, isConfigPartName, isLanguageCode, SITE_CONFIG_PATH } from '@promo/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { loadConfigPart } from '../domain/config-parts.ts';
import { loadSiteConfig } from '../domain/site-config.ts';

/**
 * GET /promo-frame/bff-api/config/all.json?lang= : the whole site config and one dictionary.
 * GET /promo-frame/bff-api/config/part/{name}.json : one of the other config parts of spec 3.
 */
export function registerConfigRoutes(app: FastifyInstance, db: Database, allowedHostOrigins: readonly string[]): void {
  app.get<{ Querystring: { lang?: unknown } }>(SITE_CONFIG_PATH, async (request, reply) => {
    const { lang } = request.query;
    if (lang !== undefined && lang !== '' && !isLanguageCode(lang)) {
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: 'lang must be a two-letter lowercase language code',
      });
    }
    const config = await loadSiteConfig(db, lang === '' ? undefined : lang, allowedHostOrigins);
    // Dictionaries change by operator action only; a minute of caching spares the database.
    return reply.header('cache-control', 'public, max-age=60').send(config);
  });

  app.get<{ Params: { file: string } }>(`${CONFIG_PART_PATH}/:file`, async (request, reply) => {
    const name = request.params.file.replace(/\.json$/, '');
    const part =
      isConfigPartName(name) && request.params.file.endsWith('.json') ? await loadConfigPart(db, name) : null;
    if (part === null) {
      return reply.code(404).send({
        statusCode: 404,
        error: 'CONFIG_PART_UNKNOWN',
        message: `No config part ${JSON.stringify(request.params.file)}`,
      });
    }
    return reply.header('cache-control', 'public, max-age=60').send(part);
  });
}
