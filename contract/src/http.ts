/** Base of the web API (spec 7). */
export const WEB_API_BASE = '/web-api';
/** Default API prefix under the web API base (spec 7). */
export const API_V3_PREFIX_PATH = '/api/v3';
/** Header every call carries; the server refuses state-changing calls without it (CSRF guard). */
export const REQUESTED_WITH_HEADER = 'x-requested-with';
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';
