import { AUTH_ENDPOINTS } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { type CallContext, callEndpoint } from '../../../shared/api/index.ts';

/** GET sessions/user: the session check (user_id null for a visitor). */
export const fetchSessionUser = (call: CallContext = {}) =>
  callEndpoint(AUTH_ENDPOINTS.sessionUser, { params: {}, ...call });

export const sessionUserQuery = () =>
  queryOptions({
    queryKey: ['session-user'],
    queryFn: ({ signal, client }) => fetchSessionUser({ signal, client }),
    staleTime: 0,
  });
