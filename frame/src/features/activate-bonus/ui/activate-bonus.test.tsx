import { type Balance, BONUS_ENDPOINTS, type DepositBonus, USER_ENDPOINTS } from '@promo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  answer,
  ENDPOINTS,
  failNetwork,
  refuse,
  requestsTo,
  sessionHandlers,
  tableEndpoint,
} from '../../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { apiUrl } from '../../../shared/api/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { ActivateBonus } from './activate-bonus.tsx';

const BONUS_ID = 101;
const terms = tableEndpoint(BONUS_ENDPOINTS.rulesAndTerms, { id: BONUS_ID });
const activate = tableEndpoint(BONUS_ENDPOINTS.activate, { id: BONUS_ID });
const balance = tableEndpoint(USER_ENDPOINTS.balance);

/** The player's accounts: the euro one is active (the site's geo currency is the dollar). */
const ACCOUNTS: Balance = {
  accounts: [
    { id: 1, currencyCode: 'USD', amount: '3.00', active: false },
    { id: 2, currencyCode: 'EUR', amount: '120.00', active: true },
  ],
};
const AVAILABLE: DepositBonus = {
  bonusId: BONUS_ID,
  percent: 150,
  maxAmount: '300.00',
  minDeposit: '20.00',
  currencyCode: 'EUR',
  wager: 35,
  validDays: 30,
  termsVersion: 3,
  status: 'available',
  activatedAt: null,
};
const ACTIVE: DepositBonus = { ...AVAILABLE, status: 'active', activatedAt: 1_764_230_000 };

const ACCEPT = 'I have read and accept the bonus rules and terms below.';
const ACTIVE_TEXT = 'Active: your next deposit gets this bonus.';

startMockApi(...sessionHandlers(7), answer(balance, ACCOUNTS));
beforeAll(loadEnglish);
afterEach(() => vi.restoreAllMocks());

const show = (onSignIn: () => void = () => undefined) =>
  renderFeature(
    <ActivateBonus
      promotionId={BONUS_ID}
      onSignIn={onSignIn}
      renderLink={() => <a href="#deposit">Make a deposit</a>}
    />,
    { userId: 7, currency: 'USD' },
  );

/** Ticks the terms box, then presses Activate. */
async function acceptAndActivate() {
  await userEvent.click(await screen.findByRole('checkbox', { name: ACCEPT }));
  await userEvent.click(screen.getByRole('button', { name: 'Activate bonus' }));
}

test('a player reads the terms in their currency, accepts them and activates: the popup says so and the deposit is offered', async () => {
  mockServer.use(answer(terms, AVAILABLE), answer(activate, ACTIVE));
  show();
  const card = await screen.findByTestId('bonus-terms');
  expect(card).toHaveTextContent('+150% up to €300.00');
  expect(card).toHaveTextContent(/Minimum deposit\s*€20\.00/);
  expect(card).toHaveTextContent(/Wager\s*×35/);
  expect(card).toHaveTextContent(/Valid for\s*30 days/);
  // From now on the server reads the bonus as the active one.
  mockServer.use(answer(terms, ACTIVE));
  await acceptAndActivate();
  const popup = await screen.findByRole('dialog', { name: 'Bonus activated' });
  expect(popup).toHaveTextContent('Your next deposit gets +150%, up to €300.00.');
  // The request carries the accepted terms and the version the player read.
  const sent = requestsTo(activate);
  expect(sent).toHaveLength(1);
  expect(sent[0]?.body).toEqual({ acceptTerms: true, termsVersion: 3 });
  expect(sent[0]?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  // Active: the box and the button are gone, the way to deposit is there.
  expect(await screen.findByRole('status')).toHaveTextContent(ACTIVE_TEXT);
  expect(screen.getByRole('link', { name: 'Make a deposit' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Activate bonus' })).toBeNull();
  expect(screen.queryByRole('checkbox')).toBeNull();
  await userEvent.click(within(popup).getByRole('button', { name: 'Great' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent(ACTIVE_TEXT);
});

test('the terms must be ticked first: until then the button is off and nothing is sent', async () => {
  mockServer.use(answer(terms, AVAILABLE), answer(activate, ACTIVE));
  show();
  const box = await screen.findByRole('checkbox', { name: ACCEPT });
  const button = screen.getByRole('button', { name: 'Activate bonus' });
  expect(box).not.toBeChecked();
  expect(button).toBeDisabled();
  await userEvent.click(button);
  expect(requestsTo(activate)).toEqual([]);
  expect(screen.queryByRole('dialog')).toBeNull();
  await userEvent.click(box);
  expect(button).toBeEnabled();
  await userEvent.click(box);
  expect(button).toBeDisabled();
  await userEvent.click(button);
  expect(requestsTo(activate)).toEqual([]);
});

test("a refusal (terms changed) shows the server's message and activates nothing", async () => {
  mockServer.use(
    answer(terms, AVAILABLE),
    refuse(activate, 409, 'terms_changed', 'The bonus terms have changed; read them again'),
  );
  show();
  await acceptAndActivate();
  expect(await screen.findByRole('alert')).toHaveTextContent('The bonus terms have changed; read them again');
  expect(screen.queryByRole('dialog', { name: 'Bonus activated' })).toBeNull();
  expect(screen.queryByText(ACTIVE_TEXT)).toBeNull();
  expect(screen.queryByRole('link', { name: 'Make a deposit' })).toBeNull();
  // The terms are read again and the box unticked: the player accepts them before pressing again.
  await waitFor(() => expect(requestsTo(terms)).toHaveLength(2));
  expect(await screen.findByRole('checkbox', { name: ACCEPT })).not.toBeChecked();
  expect(screen.getByRole('button', { name: 'Activate bonus' })).toBeDisabled();
  expect(screen.getByTestId('bonus-terms')).toHaveTextContent('+150% up to €300.00');
  expect(screen.getByRole('alert')).toHaveTextContent('The bonus terms have changed; read them again');
  expect(requestsTo(activate)).toHaveLength(1);
});

test('a refusal because the terms changed reloads them and unticks the box; accepting the new terms activates on the new version', async () => {
  mockServer.use(
    answer(terms, AVAILABLE),
    refuse(activate, 409, 'terms_changed', 'The bonus terms have changed; read them again'),
  );
  show();
  expect(await screen.findByTestId('bonus-terms')).toHaveTextContent(/Wager\s*×35/);
  // Meanwhile the operator changed the terms: a lower maximum, a higher wager, a new version.
  const CHANGED: DepositBonus = { ...AVAILABLE, maxAmount: '250.00', wager: 40, termsVersion: 4 };
  mockServer.use(answer(terms, CHANGED));
  await acceptAndActivate();
  expect(await screen.findByRole('alert')).toHaveTextContent('The bonus terms have changed; read them again');
  // The new terms are read again and shown; the box is unticked, so the player reads and accepts them.
  await waitFor(() => expect(screen.getByTestId('bonus-terms')).toHaveTextContent('+150% up to €250.00'));
  const card = screen.getByTestId('bonus-terms');
  expect(card).toHaveTextContent(/Wager\s*×40/);
  const box = screen.getByRole('checkbox', { name: ACCEPT });
  expect(box).not.toBeChecked();
  expect(screen.getByRole('button', { name: 'Activate bonus' })).toBeDisabled();
  // The server's message stays until the player acts.
  expect(screen.getByRole('alert')).toHaveTextContent('The bonus terms have changed; read them again');
  expect(requestsTo(activate)).toHaveLength(1);
  // From now on the server reads the bonus as the active one.
  const CHANGED_ACTIVE: DepositBonus = { ...CHANGED, status: 'active', activatedAt: 1_764_230_000 };
  mockServer.use(answer(terms, CHANGED_ACTIVE), answer(activate, CHANGED_ACTIVE));
  await acceptAndActivate();
  expect(await screen.findByRole('dialog', { name: 'Bonus activated' })).toHaveTextContent(
    'Your next deposit gets +150%, up to €250.00.',
  );
  expect(screen.queryByRole('alert')).toBeNull();
  expect(await screen.findByRole('status')).toHaveTextContent(ACTIVE_TEXT);
  const sent = requestsTo(activate);
  expect(sent.map((request) => request.body)).toEqual([
    { acceptTerms: true, termsVersion: 3 },
    { acceptTerms: true, termsVersion: 4 },
  ]);
  // A refusal frees the key: the activation on the new terms is a new call.
  expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
});

test('a network failure is resent twice, then asks to try again; the next press activates with the same Idempotency-Key', async () => {
  mockServer.use(answer(terms, AVAILABLE), failNetwork(activate));
  show();
  await acceptAndActivate();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('That did not go through. Please try again.');
  expect(screen.queryByRole('dialog', { name: 'Bonus activated' })).toBeNull();
  expect(screen.queryByText(ACTIVE_TEXT)).toBeNull();
  // The box stays ticked: the player only presses again.
  expect(screen.getByRole('checkbox', { name: ACCEPT })).toBeChecked();
  mockServer.use(answer(terms, ACTIVE), answer(activate, ACTIVE));
  await userEvent.click(screen.getByRole('button', { name: 'Activate bonus' }));
  expect(await screen.findByRole('dialog', { name: 'Bonus activated' })).toHaveTextContent(
    'Your next deposit gets +150%, up to €300.00.',
  );
  expect(screen.queryByRole('alert')).toBeNull();
  const sent = requestsTo(activate);
  expect(sent).toHaveLength(4);
  expect(new Set(sent.map((request) => request.idempotencyKey)).size).toBe(1);
  expect(sent[0]?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  for (const request of sent) expect(request.body).toEqual({ acceptTerms: true, termsVersion: 3 });
});

test('a double click on Activate sends one activation; the button is busy while it is under way', async () => {
  mockServer.use(answer(terms, AVAILABLE), answer(activate, ACTIVE, 300));
  show();
  await userEvent.click(await screen.findByRole('checkbox', { name: ACCEPT }));
  const button = screen.getByRole('button', { name: 'Activate bonus' });
  mockServer.use(answer(terms, ACTIVE));
  await userEvent.dblClick(button);
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('aria-busy', 'true');
  expect(await screen.findByRole('dialog', { name: 'Bonus activated' })).toBeInTheDocument();
  expect(requestsTo(activate)).toHaveLength(1);
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
});

test('a visitor reads the terms in the site currency, is asked to sign in, and nothing is activated', async () => {
  const signIn = vi.fn();
  // A visitor's terms come in the currency the frame asks for.
  const visitorTerms: Record<string, DepositBonus> = {
    GBP: { ...AVAILABLE, maxAmount: '250.00', minDeposit: '15.00', currencyCode: 'GBP', status: null },
  };
  mockServer.use(
    http.post(apiUrl(terms.path), ({ request }) => {
      const asked = new URL(request.url).searchParams.get('currency') ?? 'USD';
      const body = visitorTerms[asked];
      return body
        ? HttpResponse.json(z.parse(terms.response, body))
        : HttpResponse.json(
            { statusCode: 400, error: 'unknown_currency', message: 'This currency is not known.' },
            {
              status: 400,
            },
          );
    }),
  );
  renderFeature(
    <ActivateBonus promotionId={BONUS_ID} onSignIn={signIn} renderLink={() => <a href="#deposit">Make a deposit</a>} />,
    { userId: null, currency: 'GBP' },
  );
  act(() => useGlobalStore.setState({ hostAvailable: true }));
  const card = await screen.findByTestId('bonus-terms');
  expect(card).toHaveTextContent('+150% up to £250.00');
  expect(card).toHaveTextContent(/Minimum deposit\s*£15\.00/);
  expect(screen.getByText('Sign in to activate this bonus for your next deposit.')).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Activate bonus' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(signIn).toHaveBeenCalledOnce();
  expect(requestsTo(activate)).toEqual([]);
  expect(requestsTo(ENDPOINTS.token)).toEqual([]);
});

test('an already active bonus says so and offers the deposit, with nothing to activate', async () => {
  mockServer.use(answer(terms, ACTIVE));
  show();
  expect(await screen.findByRole('status')).toHaveTextContent(ACTIVE_TEXT);
  expect(screen.getByTestId('bonus-terms')).toHaveTextContent('+150% up to €300.00');
  expect(screen.getByRole('link', { name: 'Make a deposit' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Activate bonus' })).toBeNull();
});

test('a bonus that is no longer running cannot be activated', async () => {
  mockServer.use(answer(terms, { ...AVAILABLE, status: 'unavailable' }));
  show();
  expect(await screen.findByText('This bonus can no longer be activated.')).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Activate bonus' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Make a deposit' })).toBeNull();
});

test('terms that fail to load show a retry that loads them', async () => {
  mockServer.use(failNetwork(terms));
  show();
  expect(await screen.findByText('Could not load the bonus terms.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Activate bonus' })).toBeNull();
  mockServer.use(answer(terms, AVAILABLE));
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('bonus-terms')).toHaveTextContent('+150% up to €300.00');
  expect(screen.queryByText('Could not load the bonus terms.')).toBeNull();
  expect(screen.getByRole('button', { name: 'Activate bonus' })).toBeDisabled();
});
