import { API_PATHS, secureCookieResponseSchema } from '@promo/contract';
import { apiRequest } from '../../../shared/api/index.ts';

/** POST secure-cookie: the server sets its HttpOnly cookie (1800 s) bound to this fingerprint. */
export const requestSecureCookie = (fingerprint: string) =>
  apiRequest(API_PATHS.secureCookie, secureCookieResponseSchema, { method: 'POST', body: { fingerprint } });
