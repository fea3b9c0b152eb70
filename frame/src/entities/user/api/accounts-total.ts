import { type Balance, BONUS_ENDPOINTS } from '@promo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, userQueryKey } from '../../../shared/api/index.ts';

/**
 * POST amounts/convert: every account's money in the active account's currency, added up by the
 * server (the frame neither converts nor adds money). Keyed on the accounts as the balance gives
 * them, so a switch, a spin or a top-up that changes the balance asks again. Null when the server
 * cannot convert one of the currencies (success false).
 */
const accountsTotalQuery = (userId: number, accounts: Balance['accounts']) => {
  const active = accounts.find((account) => account.active) ?? accounts[0];
  const amounts = accounts.map(({ amount, currencyCode }) => ({ amount, currencyCode }));
  return queryOptions({
    queryKey: userQueryKey(
      userId,
      'accounts-total',
      active?.currencyCode ?? '',
      ...amounts.map(({ amount, currencyCode }) => `${amount} ${currencyCode}`),
    ),
    queryFn: async ({ signal, client }) => {
      const answer = await callEndpoint(BONUS_ENDPOINTS.amountsConvert, {
        params: {},
        body: { amounts, currencyCode: active?.currencyCode },
        signal,
        client,
      });
      return answer.success ? answer.total : null;
    },
    staleTime: 30_000,
  });
};

/** The total of a player's accounts, asked only when there is more than one account to add up. */
export const useAccountsTotal = (userId: number, accounts: Balance['accounts']) =>
  useQuery({ ...accountsTotalQuery(userId, accounts), enabled: accounts.length > 1 });
