import { type SiteConfig, siteConfigSchema, siteConfigUrl } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from './http-client.ts';

/** GET /promo-frame/bff-api/config/all.json?lang= */
export const fetchSiteConfig = (lang: string, signal?: AbortSignal): Promise<SiteConfig> =>
  getJson(siteConfigUrl(lang), siteConfigSchema, signal);

export const siteConfigQuery = (lang: string) =>
  queryOptions({
    queryKey: ['site-config', lang],
    queryFn: ({ signal }) => fetchSiteConfig(lang, signal),
    staleTime: 5 * 60_000,
  });
