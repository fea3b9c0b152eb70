import { CONFIG_ENDPOINTS, CONFIG_PART_NAMES, DICTIONARY_UNITS, type DictionaryUnitAnswer } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { createContentCache } from '../db/content-cache.ts';
import type { ContentWatch } from '../db/content-watch.ts';
import { loadConfigPart } from '../domain/config-parts.ts';
import { dictionaryLanguage, loadDictionaryUnit, loadSiteConfig } from '../domain/site-config.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import { prepareAnswer } from '../http/prepared-answers.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

const partFiles = CONFIG_PART_NAMES.map((name) => `${name}.json`);
const unitFiles = DICTIONARY_UNITS.map((unit) => `${unit}.json`);

/**
 * The site config and one dictionary (all.json), the other config parts of spec 3 and the units of
 * a language's dictionary (CONFIG_ENDPOINTS). Each answer is built once (queries, the contract's
 * check, brotli and gzip) and kept until the settings, languages or dictionaries change (decision
 * 020); the table sends it, with its ETag and cache policy.
 */
export function registerConfigRoutes(
  app: Api,
  db: Database,
  watch: ContentWatch,
  allowedHostOrigins: readonly string[],
): void {
  const cached = createContentCache(watch);
  // One answer per dictionary: a language that is not enabled shares the main language's.
  const language = (asked: string | undefined) =>
    cached(`language ${asked ?? ''}`, () => dictionaryLanguage(db, asked));
  registerEndpoints(app, CONFIG_ENDPOINTS, {
    siteConfig: async (request) => {
      const lang = await language(request.query.lang);
      return cached(`config ${lang}`, async () => prepareAnswer(await loadSiteConfig(db, lang, allowedHostOrigins)));
    },
    dictionaryUnit: async (request) => {
      const { file } = request.params;
      const unit = DICTIONARY_UNITS[unitFiles.indexOf(file)];
      if (!unit) throw httpError(404, `No dictionary unit ${JSON.stringify(file)}`, 'not_found');
      const lang = await language(request.query.lang);
      return cached(`dictionary ${lang} ${unit}`, async () =>
        prepareAnswer({
          lang,
          unit,
          dictionary: await loadDictionaryUnit(db, lang, unit),
        } satisfies DictionaryUnitAnswer),
      );
    },
    configPart: async (request) => {
      const { file } = request.params;
      const name = CONFIG_PART_NAMES[partFiles.indexOf(file)];
      if (!name) throw httpError(404, `No config part ${JSON.stringify(file)}`, 'not_found');
      // A part with no stored row is a 404, never kept.
      const answer = await cached.ifFound(`part ${name}`, async () => {
        const part = await loadConfigPart(db, name);
        return part === null ? undefined : prepareAnswer(part);
      });
      if (!answer) throw httpError(404, `No config part ${JSON.stringify(file)}`, 'not_found');
      return answer;
    },
  });
}
