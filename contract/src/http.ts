/** Base of the web API (spec 7). */
export const WEB_API_BASE = '/web-api';
/** Default API prefix under the web API base (spec 7). */
export const API_V3_PREFIX_PATH = '/api/v3';
/** Base of the frame's own back end: the site config, its parts and the dictionaries. */
export const BFF_API_BASE = '/promo-frame/bff-api';

/**
 * Spec 7 paths to URLs: a path with a leading slash is under the web API base (`/user/balance` ->
 * `/web-api/user/balance`), one without takes the default API prefix too (`promotions/x` ->
 * `/web-api/api/v3/promotions/x`).
 */
export const webApiUrl = (path: string): string =>
  path.startsWith('/') ? `${WEB_API_BASE}${path}` : `${WEB_API_BASE}${API_V3_PREFIX_PATH}/${path}`;
/** Header every call carries; the server refuses state-changing calls without it (CSRF guard). */
export const REQUESTED_WITH_HEADER = 'x-requested-with';
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';
