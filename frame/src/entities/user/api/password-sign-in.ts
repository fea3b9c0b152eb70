import { AUTH_ENDPOINTS, type FastLoginRequest } from '@promo/contract';
import { callEndpoint } from '../../../shared/api/index.ts';

/** POST fastLogin: the server checks the password and starts a new session (its httpOnly cookie). */
export const fastLogin = (credentials: FastLoginRequest) =>
  callEndpoint(AUTH_ENDPOINTS.fastLogin, { params: {}, body: credentials }, null);

/** POST user/disconnect: the server ends the session its cookie names. */
export const disconnect = () => callEndpoint(AUTH_ENDPOINTS.disconnect, { params: {} }, null);
