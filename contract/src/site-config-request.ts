/**
 * The site config's address and the language it starts from: plain values, apart from the
 * config's schemas (site-config.ts), so that code which only asks for the config does not carry
 * the validation library (the frame's entry chunk, decision 023).
 */

import { endpointPath } from './endpoints.ts';
import { BFF_API_BASE } from './http.ts';

/**
 * Paths under the frame's back end (BFF_API_BASE) of the site config, its parts and the
 * dictionaries: written once here, read by their entries of the endpoint table (config-endpoints.ts).
 * The frame's first chunk reads these strings without the table's schemas.
 */
export const CONFIG_PATHS = {
  siteConfig: '/config/all.json',
  dictionaryUnit: '/dictionary/:file',
  configPart: '/config/part/:file',
} as const;

/** Endpoint of the site config payload. */
export const SITE_CONFIG_PATH = `${BFF_API_BASE}${CONFIG_PATHS.siteConfig}`;

/** The config request URL, one spelling for the frame's fetch and the server's preload of it. */
export const siteConfigUrl = (lang: string): string => `${SITE_CONFIG_PATH}?lang=${encodeURIComponent(lang)}`;

/** Spec 1: the frame starts in English until the route, a cookie or the config says otherwise. */
export const FRAME_START_LANGUAGE = 'en';

/** Cookie that remembers the visitor's language (spec 3 stored keys). */
export const LANGUAGE_COOKIE = 'language';

/** Length of a prepared answer's hash (base64url of SHA-256, cut): its entity tag's opaque part. */
export const ANSWER_HASH_LENGTH = 27;

/**
 * A prepared answer's entity tag (the config, error texts): the hash of its JSON, with the content
 * coding appended when compressed ("<hash>-br"), so that each coding has its own strong tag.
 */
export const answerTag = (hash: string, coding?: 'br' | 'gzip'): string => `"${hash}${coding ? `-${coding}` : ''}"`;

/** The JSON hash an entity tag names, whatever its coding, or null for a tag of another form. */
export const answerHash = (tag: string | null | undefined): string | null =>
  new RegExp(`^(?:W/)?"([\\w-]{${ANSWER_HASH_LENGTH}})(?:-(?:br|gzip))?"$`).exec(tag ?? '')?.[1] ?? null;

/**
 * Dictionary units (spec 7: dictionaries load by language, by the ids in route metadata and by
 * unit). `common` comes inside the site config: the shell's texts, on every page. The others load
 * when a route whose metadata names them is entered: one locale file per unit
 * (server/locales/{lang}/{unit}.json).
 */
export const DICTIONARY_UNITS = ['common', 'home', 'lotto', 'promotions', 'dev'] as const;
export type DictionaryUnit = (typeof DICTIONARY_UNITS)[number];
/** The units a route can name: every unit but the one inside the config. */
export type RouteDictionaryUnit = Exclude<DictionaryUnit, 'common'>;
export const isDictionaryUnit = (value: unknown): value is DictionaryUnit =>
  (DICTIONARY_UNITS as readonly unknown[]).includes(value);

/** A unit's request URL, one spelling for the frame's fetch and the server's preload of it. */
export const dictionaryUnitUrl = (lang: string, unit: DictionaryUnit): string =>
  `${BFF_API_BASE}${endpointPath({ path: CONFIG_PATHS.dictionaryUnit }, { file: `${unit}.json` })}?lang=${encodeURIComponent(lang)}`;
