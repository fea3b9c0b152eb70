import { API_PATHS, timezonesSchema } from '@promo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicRequest } from '../../../shared/api/index.ts';

/** GET GetTimezones: public, changes only at daylight-saving switches. */
export const timezonesQuery = () =>
  queryOptions({
    queryKey: ['timezones'],
    queryFn: ({ signal }) => publicRequest(API_PATHS.timezones, timezonesSchema, { signal }),
    staleTime: 60 * 60_000,
    select: (data) => data.timezones,
  });

export const useTimezones = () => useQuery(timezonesQuery());
