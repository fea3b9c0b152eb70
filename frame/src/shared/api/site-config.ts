import { type SiteConfig, siteConfigUrl } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { parseResponse, REQUEST_TIMEOUT_MS, send } from './http-client.ts';

const loadSiteConfigSchema = () => import('./site-config-schema.ts').then((module) => module.siteConfigSchema);

/** GET /promo-frame/bff-api/config/all.json?lang=, validated by its schema, which loads beside it. */
export async function fetchSiteConfig(lang: string, signal?: AbortSignal): Promise<SiteConfig> {
  const url = siteConfigUrl(lang);
  const [schema, response] = await Promise.all([
    loadSiteConfigSchema(),
    send(url, { signal, timeoutMs: REQUEST_TIMEOUT_MS }),
  ]);
  return parseResponse(url, response, schema);
}

export const siteConfigQuery = (lang: string) =>
  queryOptions({
    queryKey: ['site-config', lang],
    queryFn: ({ signal }) => fetchSiteConfig(lang, signal),
    staleTime: 5 * 60_000,
  });
