import { API_PATHS, type Balance, balanceSchema } from '@promo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, userQueryKey } from '../../../shared/api/index.ts';

export const balanceQueryKey = (userId: number) => userQueryKey(userId, 'balance');

/** POST balance: every account of the signed-in user. */
export const balanceQuery = (userId: number) =>
  queryOptions({
    queryKey: balanceQueryKey(userId),
    queryFn: ({ signal }) => apiRequest(API_PATHS.balance, balanceSchema, { method: 'POST', signal }),
    staleTime: 30_000,
  });

export const useBalance = (userId: number) => useQuery(balanceQuery(userId));

/** POST setactiveaccount: the server answers with the accounts as they are now. */
export const setActiveAccount = (id: number): Promise<Balance> =>
  apiRequest(API_PATHS.setActiveAccount, balanceSchema, { method: 'POST', body: { id } });
