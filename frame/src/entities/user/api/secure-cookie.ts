import { COUNTER_ENDPOINTS } from '@promo/contract';
import { callEndpoint } from '../../../shared/api/index.ts';

/** POST secure-cookie: the server sets its HttpOnly cookie (1800 s) bound to this fingerprint. */
export const requestSecureCookie = (fingerprint: string) =>
  callEndpoint(COUNTER_ENDPOINTS.secureCookie, { params: {}, body: { fingerprint } });
