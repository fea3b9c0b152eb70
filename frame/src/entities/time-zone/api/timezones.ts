import { type Timezone, USER_ENDPOINTS } from '@promo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/index.ts';
import { formatOffset } from '../../../shared/lib/format/index.ts';

/** GET GetTimezones: public, changes only at daylight-saving switches. */
export const timezonesQuery = () =>
  queryOptions({
    queryKey: ['timezones'],
    queryFn: ({ signal, client }) => callEndpoint(USER_ENDPOINTS.timezones, { params: {}, signal, client }, null),
    staleTime: 60 * 60_000,
    select: (data) => data.timezones,
  });

export const useTimezones = () => useQuery(timezonesQuery());

/** 'UTC+03:00', 'UTC−05:30': minutes east of UTC as people write them. */
export const formatUtcOffset = (minutes: number): string => `UTC${formatOffset(minutes, '−')}`;

/** The offset with up to three cities that keep it now: 'UTC+03:00 (Istanbul, Moscow, Riyadh)'. */
export function describeOffset(minutes: number, zones: readonly Timezone[] | undefined): string {
  const cities = (zones ?? [])
    .filter((zone) => zone.offsetMinutes === minutes && zone.id !== 'UTC')
    .map((zone) => zone.title)
    .sort()
    .slice(0, 3);
  const offset = formatUtcOffset(minutes);
  return cities.length > 0 ? `${offset} (${cities.join(', ')})` : offset;
}
