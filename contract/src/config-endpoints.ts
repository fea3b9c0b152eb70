import { z } from 'zod/mini';
import { CONFIG_PART_SCHEMAS } from './config-parts.ts';
import { type CachePolicy, endpoint } from './endpoints.ts';
import { BFF_API_BASE } from './http.ts';
import { LANGUAGE_CODE_PATTERN } from './languages.ts';
import { dictionaryUnitSchema, siteConfigSchema } from './site-config.ts';
import { CONFIG_PATHS } from './site-config-request.ts';

/** `?lang=`: a language code, or nothing (empty or absent: the main language). */
const configQuerySchema = z.object({
  lang: z.pipe(
    z.optional(
      z.union([
        z.literal(''),
        z.string().check(z.regex(LANGUAGE_CODE_PATTERN, 'a two-letter lowercase language code expected')),
      ]),
    ),
    z.transform((lang) => lang || undefined),
  ),
});
/** `{name}.json`: which one is looked up by the handler (an unknown one is a 404, not a 400). */
const fileParamsSchema = z.object({ file: z.string().check(z.maxLength(100)) });
/** Any one part: the handler names which by the file asked. */
const configPartSchema = z.union(Object.values(CONFIG_PART_SCHEMAS) as unknown as [z.ZodMiniType, z.ZodMiniType]);

/**
 * Browsers and proxies may keep an answer a minute, then ask again with its ETag (a 304 costs
 * nothing).
 */
const CONFIG_CACHE: CachePolicy = { kind: 'public', maxAgeS: 60 };
/**
 * Each answer is built once (queries, the contract's check, brotli and gzip) and kept until the
 * settings, languages or dictionaries change (decision 020): prepared bytes, not compressed again.
 */
const prepared = {
  method: 'GET',
  base: BFF_API_BASE,
  access: 'anyone',
  idempotent: false,
  cache: CONFIG_CACHE,
  answerKind: 'prepared',
  compress: false,
} as const;

/** The frame's own back end (spec 3, spec 7): the site config, its other parts, the dictionaries. */
export const CONFIG_ENDPOINTS = {
  siteConfig: endpoint({
    ...prepared,
    path: CONFIG_PATHS.siteConfig,
    summary: 'The whole site config and the dictionary of one language',
    query: configQuerySchema,
    answer: siteConfigSchema,
  }),
  dictionaryUnit: endpoint({
    ...prepared,
    path: CONFIG_PATHS.dictionaryUnit,
    summary: "One unit ({unit}.json) of a language's dictionary",
    params: fileParamsSchema,
    query: configQuerySchema,
    answer: dictionaryUnitSchema,
    refusals: { 404: 'No such unit' },
  }),
  configPart: endpoint({
    ...prepared,
    path: CONFIG_PATHS.configPart,
    summary: 'One of the config parts all.json does not carry ({name}.json)',
    params: fileParamsSchema,
    answer: configPartSchema,
    refusals: { 404: 'No such part, or none stored' },
  }),
} as const;
