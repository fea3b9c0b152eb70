import { COUNTER_ENDPOINTS } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/index.ts';

/** GET counters: the analytics counters of the project on the host's domain. */
export const countersQuery = (projectId: number, domain: string) =>
  queryOptions({
    queryKey: ['counters', projectId, domain],
    queryFn: ({ signal, client }) =>
      callEndpoint(COUNTER_ENDPOINTS.counters, { params: {}, query: { projectId, domain }, signal, client }, null),
    staleTime: 60 * 60_000,
  });
