import {
  CONFIG_PART_NAMES,
  CONFIG_PART_PATH,
  DICTIONARY_UNIT_PATH,
  DICTIONARY_UNITS,
  type DictionaryUnitAnswer,
  LANGUAGE_CODE_PATTERN,
  SITE_CONFIG_PATH,
} from '@promo/contract';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { ContentWatch } from '../db/content-watch.ts';
import { loadConfigPart } from '../domain/config-parts.ts';
import { dictionaryLanguage, loadDictionaryUnit, loadSiteConfig } from '../domain/site-config.ts';
import { createContentCache, prepareAnswer, sendPrepared } from '../http/prepared-answers.ts';
import { type Api, noQuery } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

const configQuery = z.object({
  lang: z
    .union([z.literal(''), z.string().regex(LANGUAGE_CODE_PATTERN, 'a two-letter lowercase language code expected')])
    .optional()
    .transform((lang) => lang || undefined),
});
const partFiles = CONFIG_PART_NAMES.map((name) => `${name}.json`);
const partParams = z.object({ file: z.string().max(100) });
const unitFiles = DICTIONARY_UNITS.map((unit) => `${unit}.json`);

/** Browsers and proxies may keep an answer a minute, then ask again with its ETag (a 304 costs nothing). */
const CACHE_CONTROL = 'public, max-age=60';

/**
 * GET /promo-frame/bff-api/config/all.json?lang= : the whole site config and one dictionary.
 * GET /promo-frame/bff-api/config/part/{name}.json : one of the other config parts of spec 3.
 * GET /promo-frame/bff-api/dictionary/{unit}.json?lang= : one unit of a language's dictionary.
 * Each answer is built once (queries, the contract's check, brotli and gzip) and kept until the
 * settings, languages or dictionaries change (decision 020).
 */
export function registerConfigRoutes(
  app: Api,
  db: Database,
  watch: ContentWatch,
  allowedHostOrigins: readonly string[],
): void {
  const cached = createContentCache(watch);
  app.get(SITE_CONFIG_PATH, { compress: false, schema: { querystring: configQuery } }, async (request, reply) => {
    const asked = request.query.lang;
    // One answer per dictionary: a language that is not enabled shares the main language's.
    const lang = await cached(`language ${asked ?? ''}`, () => dictionaryLanguage(db, asked));
    const answer = await cached(`config ${lang}`, async () =>
      prepareAnswer(await loadSiteConfig(db, lang, allowedHostOrigins)),
    );
    return sendPrepared(request, reply, answer, CACHE_CONTROL);
  });

  app.get(
    `${DICTIONARY_UNIT_PATH}/:file`,
    { compress: false, schema: { params: partParams, querystring: configQuery } },
    async (request, reply) => {
      const { file } = request.params;
      const unit = DICTIONARY_UNITS[unitFiles.indexOf(file)];
      if (!unit) throw httpError(404, `No dictionary unit ${JSON.stringify(file)}`, 'not_found');
      const asked = request.query.lang;
      const lang = await cached(`language ${asked ?? ''}`, () => dictionaryLanguage(db, asked));
      const answer = await cached(`dictionary ${lang} ${unit}`, async () =>
        prepareAnswer({
          lang,
          unit,
          dictionary: await loadDictionaryUnit(db, lang, unit),
        } satisfies DictionaryUnitAnswer),
      );
      return sendPrepared(request, reply, answer, CACHE_CONTROL);
    },
  );

  app.get(
    `${CONFIG_PART_PATH}/:file`,
    { compress: false, schema: { params: partParams, querystring: noQuery } },
    async (request, reply) => {
      const { file } = request.params;
      const name = CONFIG_PART_NAMES[partFiles.indexOf(file)];
      if (!name) throw httpError(404, `No config part ${JSON.stringify(file)}`, 'not_found');
      // A part with no stored row is a 404, never kept.
      const answer = await cached.ifFound(`part ${name}`, async () => {
        const part = await loadConfigPart(db, name);
        return part === null ? undefined : prepareAnswer(part);
      });
      if (!answer) throw httpError(404, `No config part ${JSON.stringify(file)}`, 'not_found');
      return sendPrepared(request, reply, answer, CACHE_CONTROL);
    },
  );
}
