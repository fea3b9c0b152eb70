import { CONFIG_PART_NAMES, CONFIG_PART_PATH, LANGUAGE_CODE_PATTERN, SITE_CONFIG_PATH } from '@promo/contract';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { loadConfigPart } from '../domain/config-parts.ts';
import { loadSiteConfig } from '../domain/site-config.ts';
import { httpError } from '../http-error.ts';
import { type Api, noQuery } from './validation.ts';

const configQuery = z.object({
  lang: z
    .union([z.literal(''), z.string().regex(LANGUAGE_CODE_PATTERN, 'a two-letter lowercase language code expected')])
    .optional()
    .transform((lang) => lang || undefined),
});
const partFiles = CONFIG_PART_NAMES.map((name) => `${name}.json`);
const partParams = z.object({ file: z.string().max(100) });

/**
 * GET /promo-frame/bff-api/config/all.json?lang= : the whole site config and one dictionary.
 * GET /promo-frame/bff-api/config/part/{name}.json : one of the other config parts of spec 3.
 */
export function registerConfigRoutes(app: Api, db: Database, allowedHostOrigins: readonly string[]): void {
  app.get(SITE_CONFIG_PATH, { schema: { querystring: configQuery } }, async (request, reply) => {
    const config = await loadSiteConfig(db, request.query.lang, allowedHostOrigins);
    // Dictionaries change by operator action only; a minute of caching spares the database.
    return reply.header('cache-control', 'public, max-age=60').send(config);
  });

  app.get(
    `${CONFIG_PART_PATH}/:file`,
    { schema: { params: partParams, querystring: noQuery } },
    async (request, reply) => {
      const { file } = request.params;
      const name = CONFIG_PART_NAMES[partFiles.indexOf(file)];
      const part = name ? await loadConfigPart(db, name) : null;
      if (part === null) throw httpError(404, `No config part ${JSON.stringify(file)}`, 'not_found');
      return reply.header('cache-control', 'public, max-age=60').send(part);
    },
  );
}
