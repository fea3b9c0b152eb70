import { TOURNAMENT_ENDPOINTS, type TournamentUserResult } from '@promo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import {
  answer,
  ENDPOINTS,
  failNetwork,
  refuse,
  requestsTo,
  sessionHandlers,
  tableEndpoint,
} from '../../../../mock-api/contract-api.ts';
import { expectOneKey, mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { JoinTournament } from './join-tournament.tsx';

const TOURNAMENT_ID = 42;
const mine = tableEndpoint(TOURNAMENT_ENDPOINTS.userResult, { id: TOURNAMENT_ID });
const validation = tableEndpoint(TOURNAMENT_ENDPOINTS.validateUser);
const participate = tableEndpoint(TOURNAMENT_ENDPOINTS.participate, { id: TOURNAMENT_ID });

const NOT_JOINED: TournamentUserResult = { participating: false, place: null, points: '0.00', tickets: 0 };
const JOINED: TournamentUserResult = { participating: true, place: 57, points: '0.00', tickets: 0 };
const STANDING: TournamentUserResult = { participating: true, place: 3, points: '1250.50', tickets: 14 };
const MAY_JOIN = { valid: true, reason: null } as const;

const JOIN_TEXT = 'Take part: every settled bet earns points and tickets.';
const JOINED_TEXT = 'You are in the tournament, in place 57 for now. Bet to climb the leaderboard.';

startMockApi(...sessionHandlers(7));
beforeAll(loadEnglish);
afterEach(() => vi.restoreAllMocks());

function show({ active = true, userId = 7 as number | null } = {}) {
  const joined = vi.fn();
  const signIn = vi.fn();
  renderFeature(<JoinTournament promotionId={TOURNAMENT_ID} active={active} onSignIn={signIn} onJoined={joined} />, {
    userId,
  });
  return { joined, signIn };
}

/** The player's standing as the box shows it: place, points and tickets. */
function expectStanding(place: string, points: string, tickets: string) {
  const box = screen.getByTestId('tournament-mine');
  expect(box).toHaveTextContent(new RegExp(`Your place\\s*${place}`));
  expect(box).toHaveTextContent(new RegExp(`Points\\s*${points.replace('.', '\\.')}`));
  expect(box).toHaveTextContent(new RegExp(`Tickets\\s*${tickets}`));
}

test('a player who may take part joins: the popup gives their place, the page is told, and the standing shows', async () => {
  mockServer.use(answer(mine, NOT_JOINED), answer(validation, MAY_JOIN), answer(participate, JOINED));
  const { joined } = show();
  expect(await screen.findByText(JOIN_TEXT)).toBeInTheDocument();
  const button = await screen.findByRole('button', { name: 'Take part' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  const popup = await screen.findByRole('dialog', { name: "You're in!" });
  expect(popup).toHaveTextContent(JOINED_TEXT);
  expect(joined).toHaveBeenCalledOnce();
  expectStanding('57', '0.00', '0');
  expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
  expect(screen.queryByText(JOIN_TEXT)).toBeNull();
  const sent = requestsTo(participate);
  expect(sent).toHaveLength(1);
  expect(sent[0]?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  await userEvent.click(within(popup).getByRole('button', { name: 'Great' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expectStanding('57', '0.00', '0');
});

test('the button is busy until the server says the player may take part; a press meanwhile sends nothing', async () => {
  mockServer.use(answer(mine, NOT_JOINED), answer(validation, MAY_JOIN, 300), answer(participate, JOINED));
  show();
  const button = await screen.findByRole('button', { name: 'Take part' });
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('aria-busy', 'true');
  await userEvent.click(button);
  expect(requestsTo(participate)).toEqual([]);
  await waitFor(() => expect(button).toBeEnabled());
  expect(button).not.toHaveAttribute('aria-busy');
});

test("a refusal shows the server's message: the player is not in and nothing else changes", async () => {
  mockServer.use(
    answer(mine, NOT_JOINED),
    answer(validation, MAY_JOIN),
    refuse(participate, 403, 'tournament_region', 'Tournaments are not available in your country'),
  );
  const { joined } = show();
  const button = await screen.findByRole('button', { name: 'Take part' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  expect(await screen.findByRole('alert')).toHaveTextContent('Tournaments are not available in your country');
  expect(screen.queryByRole('dialog', { name: "You're in!" })).toBeNull();
  expect(joined).not.toHaveBeenCalled();
  expect(screen.queryByTestId('tournament-mine')).toBeNull();
  expect(screen.getByText(JOIN_TEXT)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Take part' })).toBeEnabled();
  expect(requestsTo(participate)).toHaveLength(1);
});

test('a network failure is resent twice, then asks to try again; the next press joins with the same Idempotency-Key', async () => {
  mockServer.use(answer(mine, NOT_JOINED), answer(validation, MAY_JOIN), failNetwork(participate));
  const { joined } = show();
  const button = await screen.findByRole('button', { name: 'Take part' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('That did not go through. Please try again.');
  expect(screen.queryByRole('dialog', { name: "You're in!" })).toBeNull();
  expect(joined).not.toHaveBeenCalled();
  mockServer.use(answer(participate, JOINED));
  await userEvent.click(screen.getByRole('button', { name: 'Take part' }));
  expect(await screen.findByRole('dialog', { name: "You're in!" })).toHaveTextContent(JOINED_TEXT);
  expect(joined).toHaveBeenCalledOnce();
  expectStanding('57', '0.00', '0');
  expectOneKey(participate, 4);
});

test('a double click on Take part sends one request; the button is busy while it is under way', async () => {
  mockServer.use(answer(mine, NOT_JOINED), answer(validation, MAY_JOIN), answer(participate, JOINED, 300));
  const { joined } = show();
  const button = await screen.findByRole('button', { name: 'Take part' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.dblClick(button);
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('aria-busy', 'true');
  expect(await screen.findByRole('dialog', { name: "You're in!" })).toBeInTheDocument();
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(requestsTo(participate)).toHaveLength(1);
  expect(joined).toHaveBeenCalledOnce();
});

test('a player already in the tournament sees their place, points and tickets, and nothing to join', async () => {
  mockServer.use(answer(mine, STANDING));
  show();
  expect(await screen.findByTestId('tournament-mine')).toBeInTheDocument();
  expectStanding('3', '1250.50', '14');
  expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
  expect(requestsTo(validation)).toEqual([]);
  expect(requestsTo(participate)).toEqual([]);
});

test('after the end a player who did not take part is told so, with nothing to join', async () => {
  mockServer.use(answer(mine, NOT_JOINED));
  show({ active: false });
  expect(await screen.findByText('You did not take part in this tournament.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
  expect(requestsTo(validation)).toEqual([]);
});

test('a player from a country without tournaments is told so, with nothing to join', async () => {
  mockServer.use(answer(mine, NOT_JOINED), answer(validation, { valid: false, reason: 'region' }));
  show();
  expect(await screen.findByRole('status')).toHaveTextContent('Tournaments are not available in your country.');
  expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
  expect(requestsTo(participate)).toEqual([]);
});

test('a player without an account is asked to open one, with nothing to join', async () => {
  mockServer.use(answer(mine, NOT_JOINED), answer(validation, { valid: false, reason: 'no-account' }));
  show();
  expect(await screen.findByRole('status')).toHaveTextContent('Open an account to take part in tournaments.');
  expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
});

test('a visitor is asked to sign in and nothing is requested', async () => {
  const { signIn } = show({ userId: null });
  act(() => useGlobalStore.setState({ hostAvailable: true }));
  expect(screen.getByText('Sign in to take part and see your place.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(signIn).toHaveBeenCalledOnce();
  for (const target of [mine, validation, participate, ENDPOINTS.token]) expect(requestsTo(target)).toEqual([]);
});

test('a visitor from a country without tournaments is told so before signing in', async () => {
  show({ userId: null });
  act(() => useGlobalStore.setState({ hostAvailable: true, userCountry: { code: 'us', id: 1 } }));
  expect(screen.getByRole('status')).toHaveTextContent('Tournaments are not available in your country.');
  expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  expect(screen.queryByText('Sign in to take part and see your place.')).toBeNull();
});

test('a standing that fails to load shows a retry that loads it', async () => {
  mockServer.use(failNetwork(mine));
  show();
  expect(await screen.findByText('Could not load the tournament.')).toBeInTheDocument();
  mockServer.use(answer(mine, STANDING));
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('tournament-mine')).toBeInTheDocument();
  expectStanding('3', '1250.50', '14');
  expect(screen.queryByText('Could not load the tournament.')).toBeNull();
});
