import { API_PATHS, disconnectResponseSchema, type FastLoginRequest, signedInResponseSchema } from '@promo/contract';
import { publicRequest } from '../../../shared/api/index.ts';

/** POST fastLogin: the server checks the password and starts a new session (its httpOnly cookie). */
export const fastLogin = (credentials: FastLoginRequest) =>
  publicRequest(API_PATHS.fastLogin, signedInResponseSchema, { method: 'POST', body: credentials });

/** POST user/disconnect: the server ends the session its cookie names. */
export const disconnect = () => publicRequest(API_PATHS.disconnect, disconnectResponseSchema, { method: 'POST' });
