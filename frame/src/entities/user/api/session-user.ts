import { API_PATHS, sessionUserSchema } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/index.ts';

/** GET sessions/user: the session check (user_id null for a visitor). */
export const fetchSessionUser = (signal?: AbortSignal) =>
  apiRequest(API_PATHS.sessionUser, sessionUserSchema, { signal });

export const sessionUserQuery = () =>
  queryOptions({ queryKey: ['session-user'], queryFn: ({ signal }) => fetchSessionUser(signal), staleTime: 0 });
