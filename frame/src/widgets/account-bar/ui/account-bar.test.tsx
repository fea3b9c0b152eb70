import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { demoBalance, demoUser } from '../../../../mock-api/demo-players.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { applyDictionary, i18n } from '../../../shared/i18n/index.ts';
import { deleteCookie, REPEAT_PRESS_MS } from '../../../shared/lib/browser/index.ts';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { initialGlobalState, useGlobalStore } from '../../../shared/model/index.ts';
import { AccountBar } from './account-bar.tsx';

const token = `h.${btoa(JSON.stringify({ sub: 's', exp: Math.floor(Date.now() / 1000) + 900 }))}.s`;
/** The seeded player the bar shows: its accounts (USD id 1, EUR id 2 …) as the seed writes them. */
const PLAYER = demoUser('demo.player');
const accounts = (active: number) => demoBalance(PLAYER.login, active);
/** What the bar shows for the account of this id: its balance in its currency. */
function shown(id: number): string {
  const account = accounts(id).accounts.find((candidate) => candidate.id === id);
  if (!account) throw new Error(`demo.player has no account ${id}`);
  return formatMoney(account.amount, account.currencyCode, 'en');
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** A fake web API: `balance` decides how the balance call answers. */
function fakeApi(balance: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url.includes('/user/gettoken')) return json({ token });
      if (url.endsWith('/external-api/fastLogin')) return json({ user_id: 7 });
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
        {/* In the app the bar carries a way back, which navigates. */}
        <MemoryRouter>
          <AccountBar />
        </MemoryRouter>
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
    sign_in_login: 'Login',
    sign_in_password: 'Password',
    sign_in_cancel: 'Cancel',
    sign_out: 'Sign out',
    retry: 'Try again',
  });
});
beforeEach(() => useGlobalStore.setState({ ...initialGlobalState, currentLanguage: 'en' }));
// A press of Sign in within REPEAT_PRESS_MS of the last one asks the host nothing (timed by
// performance.now()): each test's press comes long after the one before.
beforeAll(() => vi.useFakeTimers({ toFake: ['performance'] }));
afterAll(() => vi.useRealTimers());
afterEach(() => {
  vi.advanceTimersByTime(REPEAT_PRESS_MS);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of ['user_token', 'user_id']) deleteCookie(name);
});

/** Where the frame runs: a plain browser, a host page that listens, or the app (a native bridge or its cookie). */
const CONTEXTS = [
  { where: 'in a plain browser', hostAvailable: false, inApp: false, ownForm: true },
  { where: 'inside a host page', hostAvailable: true, inApp: false, ownForm: false },
  { where: 'inside the app', hostAvailable: false, inApp: true, ownForm: false },
];

/** The frame's place as the bridge detects it (once per page). */
function placeFrame({ hostAvailable, inApp }: { hostAvailable: boolean; inApp: boolean }) {
  vi.spyOn(hostBridge, 'context').mockReturnValue({
    mobileApp: inApp,
    androidBridge: inApp ? 2 : null,
    iosWebView: false,
    iframe: hostAvailable,
  });
  useGlobalStore.setState({ hostAvailable });
}

test.each(CONTEXTS)(
  "$where Sign in opens the frame's own form only where no host can open its dialog",
  async (context) => {
    const send = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
    placeFrame(context);
    renderBar();
    const { ownForm } = context;
    const bar = screen.getByRole('region', { name: 'Your account' });
    // Registration is the host's: the frame has no form of its own for it.
    expect(within(bar).queryByRole('button', { name: 'Register' }) !== null).toBe(!ownForm);
    await userEvent.click(within(bar).getByRole('button', { name: 'Sign in' }));
    if (ownForm) {
      expect(within(bar).getByRole('form', { name: 'Sign in' })).toBeVisible();
      expect(send).not.toHaveBeenCalledWith('authorization', {});
    } else {
      expect(within(bar).queryByRole('form')).toBeNull();
      await waitFor(() => expect(send).toHaveBeenCalledWith('authorization', {}));
    }
  },
);

test.each(CONTEXTS)('$where a signed-in player signs out in the frame only where no host does', async (context) => {
  fakeApi(() => json(accounts(1)));
  placeFrame(context);
  useGlobalStore.setState({ userId: 7 });
  renderBar();
  expect(await screen.findByTestId('account-balance')).toHaveTextContent(shown(1));
  expect(screen.queryByRole('button', { name: 'Sign out' }) !== null).toBe(context.ownForm);
});

test('a signed-in player sees the active balance and switches accounts once per choice', async () => {
  const calls = fakeApi(() => json(accounts(1)));
  useGlobalStore.setState({ userId: 7 });
  renderBar();
  expect(await screen.findByTestId('account-balance')).toHaveTextContent(shown(1));
  const select = screen.getByLabelText('Active account');
  await userEvent.selectOptions(select, 'EUR');
  // Locked while the server decides: a second choice cannot be sent meanwhile.
  expect(select).toBeDisabled();
  await waitFor(() => expect(screen.getByTestId('account-balance')).toHaveTextContent(shown(2)));
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

test('in a plain browser a session that ended asks nobody; signing in again as the same player shows the balance', async () => {
  const send = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  let ended = true;
  const calls = fakeApi(() => (ended ? json({ message: 'Sign in required' }, 403) : json(accounts(1))));
  useGlobalStore.setState({ userId: 7 });
  renderBar();
  expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended.');
  ended = false;
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await userEvent.type(screen.getByLabelText('Login'), PLAYER.login);
  await userEvent.type(screen.getByLabelText('Password'), PLAYER.password);
  await userEvent.click(within(screen.getByRole('form', { name: 'Sign in' })).getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByTestId('account-balance')).toHaveTextContent(shown(1));
  expect(calls.filter((call) => call.endsWith('/external-api/fastLogin'))).toEqual([
    'POST /web-api/external-api/fastLogin',
  ]);
  expect(send).not.toHaveBeenCalledWith('checkAuth', {});
  send.mockRestore();
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
  expect(await screen.findByTestId('account-balance')).toHaveTextContent(shown(1));
});
