import {
  answerHash,
  type DictionaryUnit,
  type DictionaryUnitAnswer,
  dictionaryUnitUrl,
  type SiteConfig,
  siteConfigUrl,
} from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { parseResponse, REQUEST_TIMEOUT_MS, type SendOptions, send } from './http-client.ts';

/** What a query function passes on to its request: its signal, and its client (the render's transport). */
export type CallContext = Pick<SendOptions, 'signal' | 'client'>;

const loadSchemas = () => import('./site-config-schema.ts');
const loadSiteConfigSchema = () => loadSchemas().then((module) => module.siteConfigSchema);

/** The first part of a dictionary unit's query key: a server render leaves these out of its page data. */
export const DICTIONARY_UNIT_QUERY = 'dictionary-unit';

/** The hash of the server's answer each config was read from (the server names it in its ETag). */
const answerHashes = new WeakMap<SiteConfig, string>();

/** The hash of the server's answer a config came from, when the server named one. */
export const siteConfigHash = (config: SiteConfig): string | undefined => answerHashes.get(config);

/**
 * GET /promo-frame/bff-api/config/all.json?lang=, validated by its schema, which loads beside it.
 * `rendered`: the hash of the config a server-rendered page was rendered with (decision 023). An
 * answer with that hash is the very config the server checked against the same schema and
 * rendered with; it is taken as it is, without loading and building the schema before hydration.
 */
export async function fetchSiteConfig(
  lang: string,
  { signal, client }: CallContext = {},
  rendered?: string,
): Promise<SiteConfig> {
  const url = siteConfigUrl(lang);
  const sent = send(url, { signal, client, timeoutMs: REQUEST_TIMEOUT_MS });
  if (rendered) {
    const response = await sent;
    if (response.ok && answerHash(response.etag) === rendered) return response.body as SiteConfig;
  }
  const [schema, response] = await Promise.all([loadSiteConfigSchema(), sent]);
  const config = parseResponse(url, response, schema);
  const hash = answerHash(response.etag);
  if (hash) answerHashes.set(config, hash);
  return config;
}

export const siteConfigQuery = (lang: string, rendered?: string) =>
  queryOptions({
    queryKey: ['site-config', lang],
    queryFn: ({ signal, client }) => fetchSiteConfig(lang, { signal, client }, rendered),
    staleTime: 5 * 60_000,
  });

/** GET /promo-frame/bff-api/dictionary/{unit}.json?lang=: a unit of a language's dictionary, checked. */
export async function fetchDictionaryUnit(
  lang: string,
  unit: DictionaryUnit,
  { signal, client }: CallContext = {},
): Promise<DictionaryUnitAnswer> {
  const url = dictionaryUnitUrl(lang, unit);
  const [{ dictionaryUnitSchema }, response] = await Promise.all([
    loadSchemas(),
    send(url, { signal, client, timeoutMs: REQUEST_TIMEOUT_MS }),
  ]);
  return parseResponse(url, response, dictionaryUnitSchema);
}

/** One dictionary unit of a language, kept like the config it belongs with. */
export const dictionaryUnitQuery = (lang: string, unit: DictionaryUnit) =>
  queryOptions({
    queryKey: [DICTIONARY_UNIT_QUERY, lang, unit],
    queryFn: ({ signal, client }) => fetchDictionaryUnit(lang, unit, { signal, client }),
    staleTime: 5 * 60_000,
  });
