import { BONUS_ENDPOINTS, type DailyTakeState } from '@promo/contract';
import { screen, within } from '@testing-library/react';
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
import { expectOneKey, mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { TakeDailyBonus } from './take-daily-bonus.tsx';

const state = tableEndpoint(BONUS_ENDPOINTS.dailyTake);
const takeFreebet = tableEndpoint(BONUS_ENDPOINTS.takeFreebet);

const OFFER: DailyTakeState = {
  day: '2026-11-27',
  freebet: { amount: '5.00', currencyCode: 'EUR' },
  freespin: { count: 20, game: 'Book of Dead' },
  taken: null,
  nextAt: 1_764_288_000,
};
const TAKEN: DailyTakeState = { ...OFFER, taken: { kind: 'freebet', takenAt: 1_764_230_000 } };

startMockApi(...sessionHandlers(7));
beforeAll(loadEnglish);
afterEach(() => vi.restoreAllMocks());

const show = () =>
  renderFeature(<TakeDailyBonus onSignIn={() => undefined} renderCountdown={(ms) => <span>next at {ms}</span>} />);

/** Clicks the free bet card and confirms in the dialog. */
async function takeFreeBet() {
  await userEvent.click(await screen.findByRole('button', { name: /Free bet/ }));
  const dialog = await screen.findByRole('dialog', { name: "Take today's gift?" });
  expect(dialog).toHaveTextContent('A free bet of €5.00 goes to your account.');
  const confirm = within(dialog).getByRole('button', { name: 'Yes, take it' });
  await userEvent.click(confirm);
}

test("a player sees today's two gifts in their currency and takes the free bet: a popup and the host say so", async () => {
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  mockServer.use(answer(state, OFFER), answer(takeFreebet, TAKEN));
  show();
  expect(await screen.findByRole('button', { name: /Free bet.*€5\.00/ })).toBeEnabled();
  expect(screen.getByRole('button', { name: /Free spins.*20 spins.*In Book of Dead\./ })).toBeEnabled();
  await takeFreeBet();
  const popup = await screen.findByRole('dialog', { name: 'Gift taken' });
  expect(popup).toHaveTextContent('A free bet of €5.00 is in your account.');
  expect(sent).toHaveBeenCalledWith('notification', { kind: 'win', text: 'A free bet of €5.00 is in your account.' });
  // Taken: both cards are closed for today, the free bet carries its badge, the countdown shows.
  expect(screen.getByRole('button', { name: /Free bet.*€5\.00.*Taken/ })).toBeDisabled();
  expect(screen.getByRole('button', { name: /Free spins/ })).toBeDisabled();
  expect(screen.getByTestId('daily-next')).toHaveTextContent(`next at ${TAKEN.nextAt * 1000}`);
});

test("a refusal shows the server's message and changes nothing", async () => {
  mockServer.use(
    answer(state, OFFER),
    refuse(takeFreebet, 409, 'already_taken', "Today's bonus has already been taken"),
  );
  show();
  await takeFreeBet();
  expect(await screen.findByRole('alert')).toHaveTextContent("Today's bonus has already been taken");
  expect(screen.queryByRole('dialog', { name: 'Gift taken' })).toBeNull();
  expect(screen.getByRole('button', { name: /Free bet/ })).toBeEnabled();
});

test('a network failure is resent twice, then asks to try again; every attempt carries the same Idempotency-Key', async () => {
  mockServer.use(answer(state, OFFER), failNetwork(takeFreebet));
  show();
  await takeFreeBet();
  // The hook resends a lost call twice by itself before it gives up (at once here: renderFeature).
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('That did not go through. Please try again.');
  expect(screen.queryByRole('dialog', { name: 'Gift taken' })).toBeNull();
  mockServer.use(answer(takeFreebet, TAKEN));
  await takeFreeBet();
  expect(await screen.findByRole('dialog', { name: 'Gift taken' })).toBeInTheDocument();
  expectOneKey(takeFreebet, 4);
});

test('a double click on confirm sends one take, and the cards are closed while it is under way', async () => {
  mockServer.use(answer(state, OFFER), answer(takeFreebet, TAKEN, 300));
  show();
  await userEvent.click(await screen.findByRole('button', { name: /Free bet/ }));
  const dialog = await screen.findByRole('dialog', { name: "Take today's gift?" });
  await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Yes, take it' }));
  expect(screen.getByRole('button', { name: /Free bet/ })).toBeDisabled();
  expect(screen.getByRole('button', { name: /Free spins/ })).toBeDisabled();
  expect(await screen.findByRole('dialog', { name: 'Gift taken' })).toBeInTheDocument();
  expect(requestsTo(takeFreebet)).toHaveLength(1);
});

test('a visitor is asked to sign in and nothing is requested', async () => {
  const signIn = vi.fn();
  // Answered if asked: the check below proves the visitor's page does not ask.
  mockServer.use(answer(state, OFFER));
  renderFeature(<TakeDailyBonus onSignIn={signIn} renderCountdown={() => null} />, { userId: null });
  expect(screen.getByText('Sign in to take your daily free bet or free spins.')).toBeInTheDocument();
  expect(requestsTo(state)).toEqual([]);
});

test("today's gifts that fail to load show a retry that loads them", async () => {
  mockServer.use(failNetwork(state));
  show();
  expect(await screen.findByText("Could not load today's gift.")).toBeInTheDocument();
  mockServer.use(answer(state, OFFER));
  await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
  expect(await screen.findByRole('button', { name: /Free bet.*€5\.00/ })).toBeEnabled();
});
