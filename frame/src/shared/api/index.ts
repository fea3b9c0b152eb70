export { getJson } from './http-client.ts';
export { fetchSiteConfig, siteConfigQuery } from './site-config.ts';
