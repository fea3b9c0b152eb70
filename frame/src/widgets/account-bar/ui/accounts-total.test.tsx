import {
  API_PATHS,
  type Balance,
  BONUS_PATHS,
  balanceSchema,
  type ConvertedAmounts,
  convertedAmountsSchema,
} from '@promo/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import {
  answer,
  endpoint,
  failNetwork,
  refuse,
  requestsTo,
  sessionHandlers,
} from '../../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { AccountBar } from './account-bar.tsx';

const balance = endpoint('POST', API_PATHS.balance, balanceSchema);
const setActive = endpoint('POST', API_PATHS.setActiveAccount, balanceSchema);
const convert = endpoint('POST', BONUS_PATHS.amountsConvert, convertedAmountsSchema);

const USD = { id: 1, currencyCode: 'USD', amount: '1250.50', active: true };
const EUR = { id: 2, currencyCode: 'EUR', amount: '80.00', active: false };
const IN_USD: Balance = { accounts: [USD, EUR] };
const IN_EUR: Balance = {
  accounts: [
    { ...USD, active: false },
    { ...EUR, active: true },
  ],
};
/** What the reference server answers for these accounts (0.92 euros per dollar). */
const TOTAL_USD: ConvertedAmounts = {
  success: true,
  amounts: [
    { amount: '1250.50', currencyCode: 'USD' },
    { amount: '86.96', currencyCode: 'USD' },
  ],
  total: { amount: '1337.46', currencyCode: 'USD' },
  message: null,
};
const TOTAL_EUR: ConvertedAmounts = {
  success: true,
  amounts: [
    { amount: '1150.46', currencyCode: 'EUR' },
    { amount: '80.00', currencyCode: 'EUR' },
  ],
  total: { amount: '1230.46', currencyCode: 'EUR' },
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
  expect(await screen.findByText('Total $1,337.46')).toBeInTheDocument();
  expect(screen.getByTestId('account-balance')).toHaveTextContent('$1,250.50');
  // Each account's money as the balance gives it, into the active account's currency.
  expect(requestsTo(convert).map((request) => request.body)).toEqual([
    {
      amounts: [
        { amount: '1250.50', currencyCode: 'USD' },
        { amount: '80.00', currencyCode: 'EUR' },
      ],
      currencyCode: 'USD',
    },
  ]);
});

test('switching to EUR asks again and the total reads in euros', async () => {
  mockServer.use(answer(balance, IN_USD), answer(convert, TOTAL_USD), answer(setActive, IN_EUR));
  showBar();
  expect(await screen.findByText('Total $1,337.46')).toBeInTheDocument();
  mockServer.use(answer(convert, TOTAL_EUR));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Active account' }), 'EUR');
  expect(await screen.findByText('Total €1,230.46')).toBeInTheDocument();
  expect(screen.getByTestId('account-balance')).toHaveTextContent('€80.00');
  expect(screen.queryByText('Total $1,337.46')).toBeNull();
  expect(requestsTo(convert).map((request) => (request.body as { currencyCode: string }).currencyCode)).toEqual([
    'USD',
    'EUR',
  ]);
});

test('a player with one account sees no total, and nothing is asked', async () => {
  mockServer.use(answer(balance, { accounts: [USD] }), answer(convert, TOTAL_USD));
  showBar();
  expect(await screen.findByTestId('account-balance')).toHaveTextContent('$1,250.50');
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
  expect(await screen.findByTestId('account-balance')).toHaveTextContent('$1,250.50');
  // The answer has come and been read: nothing is still on its way.
  await waitFor(() => expect(requestsTo(convert)).toHaveLength(1));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(screen.getByRole('combobox', { name: 'Active account' })).toHaveDisplayValue('USD');
  expect(screen.getByRole('link', { name: 'Top up' })).toBeVisible();
  expect(screen.queryByText(/Total/)).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(error).not.toHaveBeenCalled();
});
