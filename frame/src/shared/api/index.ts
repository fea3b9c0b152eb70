export {
  type ApiRequestOptions,
  apiRequest,
  callEndpoint,
  type EndpointCall,
  MAX_TOKEN_RETRIES,
  publicRequest,
  requestAs,
  sessionTokens,
} from './api-request.ts';
export { fetchConfigPart } from './config-part.ts';
export {
  type ApiTransport,
  apiUrl,
  bindApiTransport,
  forbidBrowserTransport,
  getJson,
  REQUEST_TIMEOUT_MS,
  type SendOptions,
  send,
} from './http-client.ts';
export { LIVE_FIGURES, LIVE_FIGURES_MAX_AGE_MS, refreshLiveFigures } from './live-figures.ts';
export { readerKey, USER_QUERY_PREFIX, userQueryKey } from './query-keys.ts';
export { QUERY_RETRIES, shouldRetryQuery } from './query-retry.ts';
export {
  type CallContext,
  DICTIONARY_UNIT_QUERY,
  dictionaryUnitQuery,
  fetchSiteConfig,
  siteConfigHash,
  siteConfigQuery,
} from './site-config.ts';
export type { TokenManager } from './token-manager.ts';
