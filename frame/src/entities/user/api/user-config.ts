import { API_PATHS, userConfigSchema } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, userQueryKey } from '../../../shared/api/index.ts';

/** GET getuserconfig: the signed-in user's country. Keyed by user so that accounts never mix. */
export const userConfigQuery = (userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'config'),
    queryFn: ({ signal }) => apiRequest(API_PATHS.userConfig, userConfigSchema, { signal }),
    staleTime: 10 * 60_000,
  });
