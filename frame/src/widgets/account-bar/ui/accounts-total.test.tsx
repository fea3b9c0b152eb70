import { type Balance, BONUS_ENDPOINTS, type ConvertedAmounts, USER_ENDPOINTS } from '@promo/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import {
  answer,
  failNetwork,
  refuse,
  requestsTo,
  sessionHandlers,
  tableEndpoint,
} from '../../../../mock-api/contract-api.ts';
import { demoBalance } from '../../../../mock-api/demo-players.ts';
import { mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { AccountBar } from './account-bar.tsx';

const balance = tableEndpoint(USER_ENDPOINTS.balance);
const setActive = tableEndpoint(USER_ENDPOINTS.setActiveAccount);
const convert = tableEndpoint(BONUS_ENDPOINTS.amountsConvert);

/** demo.wallet, the seeded player with two accounts: USD (id 1) active, EUR (id 2). */
const IN_USD: Balance = demoBalance('demo.wallet');
const IN_EUR: Balance = demoBalance('demo.wallet', 2);
const USD_ONLY: Balance = { accounts: IN_USD.accounts.filter((account) => account.active) };
/** What the bar shows for an account: its balance in its currency. */
const shown = (balance: Balance, id: number) => {
  const account = balance.accounts.find((candidate) => candidate.id === id);
  return account ? formatMoney(account.amount, account.currencyCode, 'en') : '';
};
/** Each account's money as the balance gives it (what the bar asks the server to convert). */
const moneyOf = (balance: Balance) => balance.accounts.map(({ amount, currencyCode }) => ({ amount, currencyCode }));
/** What the reference server answers for demo.wallet's $40.00 and €15.00 (0.92 euros per dollar). */
const TOTAL_USD: ConvertedAmounts = {
  success: true,
  amounts: [
    { amount: '40.00', currencyCode: 'USD' },
    { amount: '16.30', currencyCode: 'USD' },
  ],
  total: { amount: '56.30', currencyCode: 'USD' },
  message: null,
};
const TOTAL_EUR: ConvertedAmounts = {
  success: true,
  amounts: [
    { amount: '36.80', currencyCode: 'EUR' },
    { amount: '15.00', currencyCode: 'EUR' },
  ],
  total: { amount: '51.80', currencyCode: 'EUR' },
  message: null,
};

startMockApi(...sessionHandlers(7));
beforeAll(loadEnglish);
afterEach(() => vi.restoreAllMocks());

const showBar = () =>
  renderFeature(
    <MemoryRouter>
      <AccountBar />
    </MemoryRouter>,
  );

test('a player with several accounts sees their total in the active currency, as the server adds it up', async () => {
  mockServer.use(answer(balance, IN_USD), answer(convert, TOTAL_USD));
  showBar();
  expect(await screen.findByText('Total $56.30')).toBeInTheDocument();
  expect(screen.getByTestId('account-balance')).toHaveTextContent(shown(IN_USD, 1));
  // Each account's money as the balance gives it, into the active account's currency.
  expect(requestsTo(convert).map((request) => request.body)).toEqual([
    { amounts: moneyOf(IN_USD), currencyCode: 'USD' },
  ]);
});

test('switching to EUR asks again and the total reads in euros', async () => {
  mockServer.use(answer(balance, IN_USD), answer(convert, TOTAL_USD), answer(setActive, IN_EUR));
  showBar();
  expect(await screen.findByText('Total $56.30')).toBeInTheDocument();
  mockServer.use(answer(convert, TOTAL_EUR));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Active account' }), 'EUR');
  expect(await screen.findByText('Total €51.80')).toBeInTheDocument();
  expect(screen.getByTestId('account-balance')).toHaveTextContent(shown(IN_EUR, 2));
  expect(screen.queryByText('Total $56.30')).toBeNull();
  expect(requestsTo(convert).map((request) => (request.body as { currencyCode: string }).currencyCode)).toEqual([
    'USD',
    'EUR',
  ]);
});

test('a player with one account sees no total, and nothing is asked', async () => {
  mockServer.use(answer(balance, USD_ONLY), answer(convert, TOTAL_USD));
  showBar();
  expect(await screen.findByTestId('account-balance')).toHaveTextContent(shown(USD_ONLY, 1));
  expect(screen.queryByText(/Total/)).toBeNull();
  expect(requestsTo(convert)).toEqual([]);
});

test.each([
  { what: 'a refusal', fail: refuse(convert, 500, 'internal', 'Something went wrong') },
  { what: 'a lost answer', fail: failNetwork(convert) },
  {
    what: 'a currency the server cannot convert',
    fail: answer(convert, { success: false, amounts: [], total: null, message: 'Unknown currency USDT' }),
  },
])('on $what the total is simply absent: the bar shows the balance and the switcher, no error', async ({ fail }) => {
  const error = vi.spyOn(console, 'error');
  mockServer.use(answer(balance, IN_USD), fail);
  const { queryClient } = showBar();
  expect(await screen.findByTestId('account-balance')).toHaveTextContent(shown(IN_USD, 1));
  // The answer has come and been read: nothing is still on its way.
  await waitFor(() => expect(requestsTo(convert)).toHaveLength(1));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(screen.getByRole('combobox', { name: 'Active account' })).toHaveDisplayValue('USD');
  expect(screen.getByRole('link', { name: 'Top up' })).toBeVisible();
  expect(screen.queryByText(/Total/)).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(error).not.toHaveBeenCalled();
});
