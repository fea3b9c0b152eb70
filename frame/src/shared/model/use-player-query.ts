import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useGlobalStore } from './global-store.ts';

/**
 * The signed-in player's own answer of a query: their state in a promotion, their tickets, their
 * balance. Keyed by their id (another player's answer is never shown) and asked only while a player
 * is signed in, and while `enabled`; a visitor's query stays idle, with no data.
 */
export function usePlayerQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: (userId: number) => UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  enabled = true,
) {
  const userId = useGlobalStore((s) => s.userId);
  return useQuery({ ...options(userId ?? 0), enabled: userId !== null && enabled });
}

/**
 * Whom a widget's reads are for: the signed-in player, or null for a visitor. On a console preview
 * page (`preview`: its link's token) always null: a preview reads as a visitor, whoever is signed in.
 */
export function useReaderId(preview: string | undefined): number | null {
  const userId = useGlobalStore((s) => s.userId);
  return preview ? null : userId;
}
