import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { applyDictionary, i18n } from '../../../shared/i18n/index.ts';
import { initialGlobalState, useGlobalStore } from '../../../shared/model/index.ts';
import { AccountBar } from './account-bar.tsx';

const token = `h.${btoa(JSON.stringify({ sub: 's', exp: Math.floor(Date.now() / 1000) + 900 }))}.s`;
const accounts = (active: number) => ({
  accounts: [
    { id: 1, currencyCode: 'USD', amount: '1250.50', active: active === 1 },
    { id: 2, currencyCode: 'EUR', amount: '80.00', active: active === 2 },
  ],
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** A fake web API: `balance` decides how the balance call answers. */
function fakeApi(balance: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url.includes('/user/gettoken')) return json({ token });
      if (url.endsWith('/user/balance')) return balance();
      if (url.endsWith('/user/setactiveaccount')) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return json(accounts(JSON.parse(String(init.body)).id));
      }
      return json({ message: 'not found' }, 404);
    }),
  );
  return calls;
}

function renderBar() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <AccountBar />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await applyDictionary('en', {
    account_bar_label: 'Your account',
    account_sign_in: 'Sign in',
    account_register: 'Register',
    account_balance: 'Balance',
    account_switch_label: 'Active account',
    account_top_up: 'Top up',
    account_session_ended: 'Your session has ended.',
    account_load_failed: 'Could not load your balance.',
    account_switch_failed: 'Could not switch the account.',
    retry: 'Try again',
  });
});
beforeEach(() => useGlobalStore.setState({ ...initialGlobalState, currentLanguage: 'en' }));
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'user_token=; max-age=0; path=/';
});

test('nothing for a visitor in a plain browser; sign-in and register when a host listens', () => {
  const { container } = renderBar();
  expect(container).toBeEmptyDOMElement();
  act(() => useGlobalStore.setState({ hostAvailable: true }));
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Register' })).toBeVisible();
});

test('a signed-in player sees the active balance and switches accounts once per choice', async () => {
  const calls = fakeApi(() => json(accounts(1)));
  useGlobalStore.setState({ userId: 7 });
  renderBar();
  expect(await screen.findByTestId('account-balance')).toHaveTextContent('$1,250.50');
  const select = screen.getByLabelText('Active account');
  await userEvent.selectOptions(select, 'EUR');
  // Locked while the server decides: a second choice cannot be sent meanwhile.
  expect(select).toBeDisabled();
  await waitFor(() => expect(screen.getByTestId('account-balance')).toHaveTextContent('€80.00'));
  expect(select).toBeEnabled();
  expect(calls.filter((call) => call.endsWith('/user/setactiveaccount'))).toEqual([
    'POST /web-api/user/setactiveaccount',
  ]);
});

test('a session that ended offers sign-in again (no retry, no register)', async () => {
  fakeApi(() => json({ message: 'Sign in required' }, 403));
  useGlobalStore.setState({ userId: 7 });
  renderBar();
  expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended.');
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
});

test('a session that ended asks the host to check its own (checkAuth), once', async () => {
  const send = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  fakeApi(() => json({ message: 'Sign in required' }, 403));
  useGlobalStore.setState({ userId: 7, hostAvailable: true });
  renderBar();
  await screen.findByRole('alert');
  expect(send.mock.calls.filter(([type]) => type === 'checkAuth')).toEqual([['checkAuth', {}]]);
  send.mockRestore();
});

test('a balance that loads asks the host nothing', async () => {
  const send = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  fakeApi(() => json(accounts(1)));
  useGlobalStore.setState({ userId: 7 });
  renderBar();
  await screen.findByTestId('account-balance');
  expect(send).not.toHaveBeenCalledWith('checkAuth', {});
  send.mockRestore();
});

test('a failed balance offers a retry that recovers', async () => {
  let fail = true;
  fakeApi(() => (fail ? json({ message: 'down' }, 503) : json(accounts(1))));
  useGlobalStore.setState({ userId: 7 });
  renderBar();
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your balance.');
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('account-balance')).toHaveTextContent('$1,250.50');
});
