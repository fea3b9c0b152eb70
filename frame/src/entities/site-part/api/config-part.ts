import type { ConfigPartName } from '@promo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchConfigPart } from '../../../shared/api/index.ts';

export { fetchConfigPart };

/** A config part for the query cache. */
export const configPartQuery = <N extends ConfigPartName>(name: N) =>
  queryOptions({
    queryKey: ['config-part', name],
    queryFn: ({ signal, client }) => fetchConfigPart(name, { signal, client }),
    // Operators change parts rarely; the server caches them for a minute too.
    staleTime: 10 * 60_000,
  });

/** One config part for a component; undefined while loading or when it failed. */
export const useConfigPart = <N extends ConfigPartName>(name: N) => useQuery(configPartQuery(name)).data;
