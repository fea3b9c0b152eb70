import { CONFIG_PART_SCHEMAS, type ConfigPart, type ConfigPartName, configPartUrl } from '@promo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/index.ts';

/** GET config/part/{name}.json: one spec 3 config part, the same for every visitor and language. */
export const fetchConfigPart = <N extends ConfigPartName>(name: N, signal?: AbortSignal) =>
  getJson(configPartUrl(name), CONFIG_PART_SCHEMAS[name], signal) as Promise<ConfigPart<N>>;

/** A config part for the query cache. */
export const configPartQuery = <N extends ConfigPartName>(name: N) =>
  queryOptions({
    queryKey: ['config-part', name],
    queryFn: ({ signal }) => fetchConfigPart(name, signal),
    // Operators change parts rarely; the server caches them for a minute too.
    staleTime: 10 * 60_000,
  });

/** One config part for a component; undefined while loading or when it failed. */
export const useConfigPart = <N extends ConfigPartName>(name: N) => useQuery(configPartQuery(name)).data;
