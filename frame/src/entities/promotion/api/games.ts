import { PROMOTION_ENDPOINTS } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, userQueryKey } from '../../../shared/api/index.ts';

/** GET evasfavorites/available: the games of Eva's favourites and whether the caller may play them. */
export const evasFavoritesQuery = (userId: number | null) =>
  queryOptions({
    queryKey: userId === null ? ['evasfavorites'] : userQueryKey(userId, 'evasfavorites'),
    queryFn: ({ signal, client }) =>
      callEndpoint(PROMOTION_ENDPOINTS.evasFavorites, { params: {}, signal, client }, userId),
    staleTime: 5 * 60_000,
  });

/** GET evaginarium/mobile: the slots that count in the Evaginarium tournament on mobile. */
export const evaginariumQuery = () =>
  queryOptions({
    queryKey: ['evaginarium-mobile'],
    queryFn: ({ signal, client }) =>
      callEndpoint(PROMOTION_ENDPOINTS.evaginariumMobile, { params: {}, signal, client }, null),
    staleTime: 5 * 60_000,
  });
