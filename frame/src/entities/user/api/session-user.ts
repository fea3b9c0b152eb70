import { AUTH_ENDPOINTS } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/index.ts';

/** GET sessions/user: the session check (user_id null for a visitor). */
export const fetchSessionUser = (signal?: AbortSignal) =>
  callEndpoint(AUTH_ENDPOINTS.sessionUser, { params: {}, signal });

export const sessionUserQuery = () =>
  queryOptions({ queryKey: ['session-user'], queryFn: ({ signal }) => fetchSessionUser(signal), staleTime: 0 });
