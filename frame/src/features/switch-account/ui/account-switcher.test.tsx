import { type Balance, USER_ENDPOINTS } from '@promo/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import {
  answer,
  failNetwork,
  refuse,
  requestsTo,
  sessionHandlers,
  tableEndpoint,
} from '../../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { useBalance } from '../../../entities/user/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { AccountSwitcher } from './account-switcher.tsx';

const balance = tableEndpoint(USER_ENDPOINTS.balance);
const setActive = tableEndpoint(USER_ENDPOINTS.setActiveAccount);

const USD = { id: 501, currencyCode: 'USD', amount: '125.4', active: true };
const EUR = { id: 502, currencyCode: 'EUR', amount: '80', active: false };
const USDT = { id: 503, currencyCode: 'USDT', amount: '12.5', active: false };
const IN_USD: Balance = { accounts: [USD, EUR, USDT] };
const IN_EUR: Balance = { accounts: [{ ...USD, active: false }, { ...EUR, active: true }, USDT] };

startMockApi(...sessionHandlers(7));
beforeAll(loadEnglish);
afterEach(() => vi.restoreAllMocks());

/** As the account bar shows it: the active account's money, then the switcher over the accounts. */
function Bar({ userId }: { userId: number }) {
  const { data } = useBalance(userId);
  const active = data?.accounts.find((account) => account.active);
  if (!data || !active) return null;
  return (
    <>
      <strong data-testid="balance">{formatMoney(active.amount, active.currencyCode, 'en')}</strong>
      <AccountSwitcher userId={userId} accounts={data.accounts} />
    </>
  );
}

const show = async () => {
  renderFeature(<Bar userId={7} />);
  const select = await screen.findByRole('combobox', { name: 'Active account' });
  expect(select).toHaveDisplayValue('USD');
  expect(screen.getByTestId('balance')).toHaveTextContent('$125.40');
  return select;
};

test("the player's accounts are offered by currency, the active one chosen", async () => {
  mockServer.use(answer(balance, IN_USD));
  const select = await show();
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['USD', 'EUR', 'USDT']);
  expect(select).toBeEnabled();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('choosing EUR makes it active: the choice stays and the balance reads €80.00; the host is told nothing', async () => {
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  mockServer.use(answer(balance, IN_USD), answer(setActive, IN_EUR));
  const select = await show();
  await userEvent.selectOptions(select, 'EUR');
  expect(await screen.findByText('€80.00')).toBeInTheDocument();
  expect(select).toHaveDisplayValue('EUR');
  expect(select).toBeEnabled();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(requestsTo(setActive).map((request) => request.body)).toEqual([{ id: 502 }]);
  expect(sent).not.toHaveBeenCalled();
});

test("a refusal gives the server's reason and the account and balance stay as they were", async () => {
  mockServer.use(answer(balance, IN_USD), refuse(setActive, 404, 'not_found', 'This account is not yours.'));
  const select = await show();
  await userEvent.selectOptions(select, 'EUR');
  expect(await screen.findByRole('alert')).toHaveTextContent('This account is not yours.');
  expect(select).toHaveDisplayValue('USD');
  expect(select).toBeEnabled();
  expect(screen.getByTestId('balance')).toHaveTextContent('$125.40');
});

test('a network failure says the switch failed; choosing again switches and the message goes', async () => {
  mockServer.use(answer(balance, IN_USD), failNetwork(setActive));
  const select = await show();
  await userEvent.selectOptions(select, 'EUR');
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not switch the account. Please try again.');
  expect(select).toHaveDisplayValue('USD');
  expect(screen.getByTestId('balance')).toHaveTextContent('$125.40');
  mockServer.use(answer(setActive, IN_EUR));
  await userEvent.selectOptions(select, 'EUR');
  expect(await screen.findByText('€80.00')).toBeInTheDocument();
  expect(select).toHaveDisplayValue('EUR');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(requestsTo(setActive).map((request) => request.body)).toEqual([{ id: 502 }, { id: 502 }]);
});

test('a second choice while a switch is under way is not sent: the control is locked until the answer', async () => {
  mockServer.use(answer(balance, IN_USD), answer(setActive, IN_EUR, 300));
  const select = await show();
  await userEvent.selectOptions(select, 'EUR');
  expect(select).toBeDisabled();
  expect(select).toHaveAttribute('aria-busy', 'true');
  await userEvent.selectOptions(select, 'USDT');
  expect(await screen.findByText('€80.00')).toBeInTheDocument();
  expect(select).toBeEnabled();
  expect(select).toHaveDisplayValue('EUR');
  expect(requestsTo(setActive).map((request) => request.body)).toEqual([{ id: 502 }]);
});
