import { answerHash, type SiteConfig, siteConfigUrl } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { parseResponse, REQUEST_TIMEOUT_MS, send } from './http-client.ts';

const loadSiteConfigSchema = () => import('./site-config-schema.ts').then((module) => module.siteConfigSchema);

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
export async function fetchSiteConfig(lang: string, signal?: AbortSignal, rendered?: string): Promise<SiteConfig> {
  const url = siteConfigUrl(lang);
  const sent = send(url, { signal, timeoutMs: REQUEST_TIMEOUT_MS });
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
    queryFn: ({ signal }) => fetchSiteConfig(lang, signal, rendered),
    staleTime: 5 * 60_000,
  });
