import { type Balance, USER_ENDPOINTS } from '@promo/contract';
import { type FetchQueryOptions, type QueryClient, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, userQueryKey } from '../../../shared/api/index.ts';
import { scopeOf, useGlobalStore, usePlayerQuery } from '../../../shared/model/index.ts';

export const balanceQueryKey = (userId: number) => userQueryKey(userId, 'balance');

/** POST balance: every account of the signed-in user. */
export const balanceQuery = (userId: number) =>
  queryOptions({
    queryKey: balanceQueryKey(userId),
    queryFn: ({ signal, client }) => callEndpoint(USER_ENDPOINTS.balance, { params: {}, signal, client }),
    staleTime: 30_000,
  });

export const useBalance = (userId: number) => useQuery(balanceQuery(userId));

/** POST setactiveaccount: the server answers with the accounts as they are now. */
export const setActiveAccount = (id: number): Promise<Balance> =>
  callEndpoint(USER_ENDPOINTS.setActiveAccount, { params: {}, body: { id } });

/** The currency money is shown in: the active account's for a player, the geo currency for a visitor. */
export const playerCurrency = (balance: Balance | undefined, visitorCurrency: string): string =>
  balance?.accounts.find((account) => account.active)?.currencyCode ?? visitorCurrency;

/** playerCurrency of the signed-in player (their balance loads when needed) or of the visitor. */
export function usePlayerCurrency(): string {
  const geoCurrency = useGlobalStore((s) => s.geoCurrencyCode);
  const { data } = usePlayerQuery(balanceQuery);
  return playerCurrency(data, geoCurrency);
}

/** The player's currency for a loader: waits for the balance of a signed-in player (cached 30 s). */
export async function loadPlayerCurrency(client: QueryClient): Promise<string> {
  const { userId, geoCurrencyCode } = scopeOf(client).store.getState();
  if (userId === null) return geoCurrencyCode;
  const balance = await client.ensureQueryData(balanceQuery(userId)).catch(() => undefined);
  return playerCurrency(balance, geoCurrencyCode);
}

/**
 * A loader's first data, asked for the player (who, and in their currency), in the cache before
 * the page renders: on the server with the page, on a client navigation without a skeleton first.
 * A query that fails is the page's own message with its retry (prefetching never throws).
 */
export async function prefetchForPlayer<T, K extends QueryKey>(
  client: QueryClient,
  query: (player: { userId: number | null; currency: string }) => FetchQueryOptions<T, Error, T, K>,
): Promise<null> {
  const currency = await loadPlayerCurrency(client);
  await client.prefetchQuery(query({ userId: scopeOf(client).store.getState().userId, currency }));
  return null;
}
