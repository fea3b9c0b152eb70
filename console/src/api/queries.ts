import { CONSOLE_ENDPOINTS, type StaffMe } from '@promo/contract';
import { MutationCache, QueryCache, QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, call, isApiError } from './client.ts';

/** The query keys: one place, so that a mutation invalidates what it changed. */
export const queryKeys = {
  me: ['me'] as const,
  promotions: ['promotions'] as const,
  promotion: (slug: string) => ['promotion', slug] as const,
  version: (slug: string, version: number) => ['promotion', slug, 'version', version] as const,
  draftStart: (source: { mechanic?: string; from?: string }) => ['draft-start', source] as const,
  audit: ['audit'] as const,
  staff: ['staff'] as const,
  /** The caller's own live sessions, and every member's (the admin's, with a login filter after it). */
  mySessions: ['my-sessions'] as const,
  staffSessions: ['staff-sessions'] as const,
  operatorKeys: ['operator-keys'] as const,
  playerSearch: (query: string) => ['player-search', query] as const,
  player: (id: number) => ['player', id] as const,
  adjustments: ['adjustments'] as const,
  art: ['art'] as const,
};

/** No staff session (operator_key) or one that ended (staff_session): the sign-in page takes over. */
export const isSignedOut = (error: unknown): boolean =>
  isApiError(error, 401, 'staff_session') || isApiError(error, 401, 'operator_key');

/** The signed-in staff member, null when no one is. */
export async function fetchMe(): Promise<StaffMe | null> {
  try {
    return await call(CONSOLE_ENDPOINTS.me);
  } catch (error) {
    if (isSignedOut(error)) return null;
    throw error;
  }
}

export const useMe = () => useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 60_000 });

/** A refusal is the server's answer, not a network blip: only network failures and 5xx are retried. */
const shouldRetry = (failures: number, error: unknown) =>
  failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500);

/**
 * The console's query client: any call that finds the session gone (expired while idle, revoked)
 * marks the member signed out, and the shell shows the sign-in page.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSignedOut(error) && query.queryKey[0] !== queryKeys.me[0]) client.setQueryData(queryKeys.me, null);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSignedOut(error)) client.setQueryData(queryKeys.me, null);
      },
    }),
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : shouldRetry,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { networkMode: 'always' },
    },
  });
  return client;
}
