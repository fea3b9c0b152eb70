import { type SiteConfig, siteConfigSchema } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { API_PATHS } from '../config/constants.ts';
import { getJson } from './http-client.ts';

/** GET /promo-frame/bff-api/config/all.json?lang= */
export const fetchSiteConfig = (lang: string, signal?: AbortSignal): Promise<SiteConfig> =>
  getJson(`${API_PATHS.siteConfig}?lang=${encodeURIComponent(lang)}`, siteConfigSchema, signal);

export const siteConfigQuery = (lang: string) =>
  queryOptions({
    queryKey: ['site-config', lang],
    queryFn: ({ signal }) => fetchSiteConfig(lang, signal),
    staleTime: 5 * 60_000,
  });
