import { API_PATHS, countersSchema } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { publicRequest } from '../../../shared/api/index.ts';

/** GET counters: the analytics counters of the project on the host's domain. */
export const countersQuery = (projectId: number, domain: string) =>
  queryOptions({
    queryKey: ['counters', projectId, domain],
    queryFn: ({ signal }) =>
      publicRequest(
        `${API_PATHS.counters}?${new URLSearchParams({ projectId: String(projectId), domain })}`,
        countersSchema,
        { signal },
      ),
    staleTime: 60 * 60_000,
  });
