import { type SpinResult, WHEEL_ENDPOINTS, type WheelSpin, type WheelState } from '@promo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
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
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { SpinWheel } from './spin-wheel.tsx';

// Each press's Idempotency-Key, from which the browser makes its client seed: the fixtures' CLIENT_SEED.
vi.mock('../../../shared/lib/browser/random-key.ts', () => ({ randomKey: () => '4f1e2d3b-4a59687' }));

const PROMO = 111;
// The wheel's calls (entities/wheel/api/wheel.ts): its state, taking part, a spin, every spin left, the history.
const params = { id: PROMO };
const state = tableEndpoint(WHEEL_ENDPOINTS.state, params);
const join = tableEndpoint(WHEEL_ENDPOINTS.join, params);
const spin = tableEndpoint(WHEEL_ENDPOINTS.spin, params);
const spinAll = tableEndpoint(WHEEL_ENDPOINTS.spinAll, params);
const history = tableEndpoint(WHEEL_ENDPOINTS.history, params);

/**
 * Real provably fair spins: each server seed, its sha256 and the segment
 * HMAC-SHA256(seed, "clientSeed:nonce") picks on WHEEL_SEGMENTS (computed with the contract's
 * wheelOutcome), so the browser's check passes as it would on the server's answer.
 */
const CLIENT_SEED = 'c4f1e2d3b4a59687';
const SEEDS = {
  freebet5: { serverSeed: 'seed-10', hash: '9b67ba79df4d0f0851f30ce6c7bc02af744daab31a7822939042f5e96c485b53' },
  freespins10: { serverSeed: 'seed-1', hash: '0eb026731d9ea3f870511f8c18daeb814eaa2c9e276082b204f2a962212fb5bd' },
  none: { serverSeed: 'seed-0', hash: '8efd6168a055d1e45863c237eb3feab2be94f10b7ccdc5bf8bb54305c8b19f7f' },
  later: { serverSeed: 'seed-12', hash: 'b0bb148610aec8501136826ba1e5d62809b7aaaaf3255c3d0803360cabf8c1fe' },
};

const spinOf = (
  id: number,
  seed: { serverSeed: string; hash: string },
  nonce: number,
  segment: number,
  prize: WheelSpin['prize'],
  createdAt = 1_764_230_000,
): WheelSpin => ({
  id,
  segment,
  prize,
  serverSeed: seed.serverSeed,
  serverSeedHash: seed.hash,
  clientSeed: CLIENT_SEED,
  nonce,
  createdAt,
});
/** seed-10, nonce 1: segment 1, the €5 free bet. */
const FREEBET = (createdAt?: number) =>
  spinOf(42, SEEDS.freebet5, 1, 1, { kind: 'freebet', amount: '5', currencyCode: 'EUR' }, createdAt);
/** seed-1, nonce 2: segment 0, 10 free spins. */
const FREESPINS = spinOf(43, SEEDS.freespins10, 2, 0, { kind: 'freespins', amount: '10', currencyCode: 'EUR' });
/** seed-0, nonce 3: segment 2, nothing. */
const NOTHING = spinOf(44, SEEDS.none, 3, 2, { kind: 'none', amount: '0', currencyCode: 'EUR' });
/** seed-21 with another client seed than the browser sent, nonce 1: segment 2, nothing. */
const OTHER_CLIENT = {
  ...spinOf(
    45,
    { serverSeed: 'seed-21', hash: '68ce74d25ed034f09ad8ee02522a2431f965202654c5def14089e44635ac2d8a' },
    1,
    2,
    {
      kind: 'none',
      amount: '0',
      currencyCode: 'EUR',
    },
  ),
  clientSeed: 'c0ffee0ddba11c0de',
};

const STATE: WheelState = {
  promotionId: PROMO,
  participating: true,
  spinsLeft: 3,
  spinsPerDay: 3,
  nextServerSeedHash: SEEDS.freebet5.hash,
  nextNonce: 1,
  currencyCode: 'EUR',
};
const ONE_SPIN: SpinResult = {
  spins: [FREEBET()],
  state: { ...STATE, spinsLeft: 2, nextServerSeedHash: SEEDS.freespins10.hash, nextNonce: 2 },
};
const ALL_SPINS: SpinResult = {
  spins: [FREEBET(), FREESPINS, NOTHING],
  state: { ...STATE, spinsLeft: 0, nextServerSeedHash: SEEDS.later.hash, nextNonce: 4 },
};
const NOT_JOINED: WheelState = { ...STATE, participating: false, spinsLeft: 0, nextServerSeedHash: null, nextNonce: 0 };

startMockApi(...sessionHandlers(7));
beforeAll(loadEnglish);
// A player who prefers reduced motion: the wheel rests 800 ms instead of turning 4 s.
beforeEach(() => vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') })));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // A spin left unfinished is remembered across reloads; each test is a fresh browser.
  localStorage.clear();
});

const show = (onSignIn = () => undefined) =>
  renderFeature(
    <SpinWheel
      promotionId={PROMO}
      onSignIn={onSignIn}
      renderCountdown={(ms) => <span>next spins at {new Date(ms).toISOString()}</span>}
    />,
  );
const spinsLeft = () => screen.getByTestId('spins-left');
const PARTLY_VERIFIED =
  'Each result follows its revealed seed, but not every seed hash was published on this page before the spin';
const UNPUBLISHED_HASH = 'Seed hash (this page did not see it published before the spin)';

test('a player spins once: a €5.00 free bet, proven fair in the popup, told to the host, 2 spins left', async () => {
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  mockServer.use(answer(state, STATE), answer(spin, ONE_SPIN));
  show();
  expect(await screen.findByText('Spins left today: 3')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Spin all (3)' })).toBeEnabled();
  await userEvent.click(screen.getByRole('button', { name: 'Spin' }));

  const popup = await screen.findByRole('dialog', { name: 'Your prize' });
  expect(within(popup).getByRole('listitem')).toHaveTextContent('You won: €5.00 free bet');
  expect(await within(popup).findByText('Verified fair')).toBeInTheDocument();
  // The proof a player can check by hand: the committed hash, the revealed seed, their seed and nonce.
  expect(popup).toHaveTextContent(`Seed hash published before the spin${SEEDS.freebet5.hash}`);
  expect(popup).toHaveTextContent('Revealed server seedseed-10');
  expect(popup).toHaveTextContent(`Client seed and nonce${CLIENT_SEED} · 1`);
  expect(sent).toHaveBeenCalledWith('notification', { kind: 'win', text: 'You won: €5.00 free bet' });

  expect(spinsLeft()).toHaveTextContent('Spins left today: 2');
  expect(screen.getByRole('button', { name: 'Spin all (2)' })).toBeEnabled();
  await userEvent.click(within(popup).getByRole('button', { name: 'Great' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByTestId('wheel-prize')).toHaveTextContent('You won: €5.00 free bet');
  // The player's own seed goes with the spin.
  expect(requestsTo(spin)).toEqual([expect.objectContaining({ body: { clientSeed: CLIENT_SEED } })]);
  expect(requestsTo(spinAll)).toEqual([]);
});

test('a spin that reveals another seed than the one published before it is not called fair', async () => {
  // The wheel published seed-10's hash; the answer reveals seed-1: fair by itself, but not the committed seed.
  mockServer.use(answer(state, { ...STATE, nextNonce: 2 }), answer(spin, { ...ONE_SPIN, spins: [FREESPINS] }));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spin' }));
  const popup = await screen.findByRole('dialog', { name: 'Your prize' });
  expect(await within(popup).findByText('This spin could not be verified')).toBeInTheDocument();
  expect(within(popup).queryByText('Verified fair')).toBeNull();
  expect(screen.getByTestId('wheel-verified')).toHaveTextContent('This spin could not be verified');
  // The proof shows the hash that was published: the revealed seed does not match it.
  expect(popup).toHaveTextContent(`Seed hash published before the spin${SEEDS.freebet5.hash}`);
  expect(popup).toHaveTextContent('Revealed server seedseed-1');
});

test('a spin decided with another client seed than the browser sent is not called fair', async () => {
  const seed21 = OTHER_CLIENT.serverSeedHash;
  mockServer.use(
    answer(state, { ...STATE, nextServerSeedHash: seed21 }),
    answer(spin, { ...ONE_SPIN, spins: [OTHER_CLIENT] }),
  );
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spin' }));
  const popup = await screen.findByRole('dialog', { name: 'Your prize' });
  expect(await within(popup).findByText('This spin could not be verified')).toBeInTheDocument();
  expect(within(popup).queryByText('Verified fair')).toBeNull();
  expect(requestsTo(spin)).toEqual([expect.objectContaining({ body: { clientSeed: CLIENT_SEED } })]);
});

test('while the wheel turns the buttons are locked and the prize and spins left stay hidden until it stops', async () => {
  vi.unstubAllGlobals(); // a player without reduced motion: the wheel turns for 4 s
  mockServer.use(answer(state, STATE), answer(spin, ONE_SPIN));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spin' }));
  await waitFor(() => expect(requestsTo(spin)).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(screen.getByRole('button', { name: 'Spinning…' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Spin all (3)' })).toBeDisabled();
  expect(spinsLeft()).toHaveTextContent('Spins left today: 3');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByTestId('wheel-prize')).toBeNull();
  expect(await screen.findByRole('dialog', { name: 'Your prize' }, { timeout: 4_000 })).toHaveTextContent(
    'You won: €5.00 free bet',
  );
  expect(spinsLeft()).toHaveTextContent('Spins left today: 2');
  expect(screen.getByRole('button', { name: 'Spin' })).toBeEnabled();
}, 10_000);

test('spin all spends every spin left in one call: all three prizes, then come back tomorrow', async () => {
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  mockServer.use(answer(state, STATE), answer(spin, ONE_SPIN), answer(spinAll, ALL_SPINS));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spin all (3)' }));
  const popup = await screen.findByRole('dialog', { name: 'Your prizes' });
  expect(
    within(popup)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['You won: €5.00 free bet', 'You won: 10 free spins', 'No prize this time. Try again!']);
  // Only the first spin's seed hash was published before the press: the server commits the seeds of
  // the next ones inside the same call, so the browser checks those against their revealed seeds only.
  expect(await within(popup).findByText(PARTLY_VERIFIED)).toBeInTheDocument();
  expect(within(popup).queryByText('Verified fair')).toBeNull();
  expect(popup).toHaveTextContent(`Seed hash published before the spin${SEEDS.freebet5.hash}`);
  expect(popup).toHaveTextContent(`${UNPUBLISHED_HASH}${SEEDS.freespins10.hash}`);
  expect(popup).toHaveTextContent(`${UNPUBLISHED_HASH}${SEEDS.none.hash}`);
  expect(sent).toHaveBeenCalledWith('notification', {
    kind: 'win',
    text: 'You won: €5.00 free bet · You won: 10 free spins · No prize this time. Try again!',
  });
  expect(screen.getByTestId('wheel-prize')).toHaveTextContent('No prize this time. Try again! (+2)');
  expect(spinsLeft()).toHaveTextContent('No spins left today. Come back tomorrow!');
  expect(screen.queryByRole('button', { name: /Spin/ })).toBeNull();
  // The next free spins come at the next 00:00 UTC.
  expect(screen.getByText(/next spins at/)).toHaveTextContent(/T00:00:00\.000Z$/);
  expect(requestsTo(spinAll)).toHaveLength(1);
  expect(requestsTo(spin)).toEqual([]);
});

test("a refusal shows the server's message and changes nothing", async () => {
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  mockServer.use(answer(state, STATE), refuse(spin, 409, 'no_spins', 'No spins left today'));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spin' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('No spins left today');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByTestId('wheel-prize')).toBeNull();
  expect(spinsLeft()).toHaveTextContent('Spins left today: 3');
  expect(screen.getByRole('button', { name: 'Spin' })).toBeEnabled();
  expect(sent).not.toHaveBeenCalled();
});

test('a network failure is resent twice, then asks to try again; every attempt is the same spin with the same key', async () => {
  mockServer.use(answer(state, STATE), failNetwork(spin));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spin' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The spin did not go through. Please try again.');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(spinsLeft()).toHaveTextContent('Spins left today: 3');
  mockServer.use(answer(spin, ONE_SPIN));
  await userEvent.click(screen.getByRole('button', { name: 'Spin' }));
  expect(await screen.findByRole('dialog', { name: 'Your prize' })).toHaveTextContent('You won: €5.00 free bet');
  expect(screen.queryByRole('alert')).toBeNull();
  const attempts = requestsTo(spin);
  expect(attempts).toHaveLength(4);
  expect(attempts[0]?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  expect(new Set(attempts.map((attempt) => attempt.idempotencyKey)).size).toBe(1);
  // The same client seed too: the server's answer to the key is the one spin.
  expect(new Set(attempts.map((attempt) => JSON.stringify(attempt.body))).size).toBe(1);
});

test('a double click on Spin sends one spin; the buttons are locked and say so while it is under way', async () => {
  mockServer.use(answer(state, STATE), answer(spin, ONE_SPIN, 300));
  show();
  await userEvent.dblClick(await screen.findByRole('button', { name: 'Spin' }));
  const busy = screen.getByRole('button', { name: 'Spinning…' });
  expect(busy).toBeDisabled();
  expect(busy).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('button', { name: 'Spin all (3)' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Spin all (3)' }));
  // 300 ms for the answer, then 800 ms of rest before the wheel says what it stopped on.
  expect(await screen.findByRole('dialog', { name: 'Your prize' }, { timeout: 3_000 })).toBeInTheDocument();
  expect(requestsTo(spin)).toHaveLength(1);
  expect(requestsTo(spinAll)).toEqual([]);
  expect(spinsLeft()).toHaveTextContent('Spins left today: 2');
});

test('a player who has not taken part yet takes part, then can spin', async () => {
  mockServer.use(answer(state, NOT_JOINED), answer(join, STATE));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Take part' }));
  expect(await screen.findByText('Spins left today: 3')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Spin' })).toBeEnabled();
  expect(requestsTo(join)).toHaveLength(1);
  expect(requestsTo(spin)).toEqual([]);
});

test('a refused Take part says why; a lost answer asks to try again, and the next press goes through', async () => {
  mockServer.use(answer(state, NOT_JOINED), refuse(join, 403, 'restricted_country', 'Not available in your country'));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Take part' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Not available in your country');
  expect(screen.queryByText(/Spins left today/)).toBeNull();

  mockServer.use(failNetwork(join));
  await userEvent.click(screen.getByRole('button', { name: 'Take part' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('That did not go through. Please try again.');
  mockServer.use(answer(join, STATE));
  await userEvent.click(screen.getByRole('button', { name: 'Take part' }));
  expect(await screen.findByText('Spins left today: 3')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('with no spins left there is no Spin button, only when the next free spins come', async () => {
  mockServer.use(answer(state, { ...STATE, spinsLeft: 0 }), answer(spin, ONE_SPIN));
  show();
  expect(await screen.findByText('No spins left today. Come back tomorrow!')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Spin/ })).toBeNull();
  const tomorrow = new Date((Math.floor(Date.now() / 86_400_000) + 1) * 86_400_000).toISOString();
  expect(screen.getByText(/next spins at/)).toHaveTextContent(`next spins at ${tomorrow}`);
});

test('a visitor is asked to sign in (a button in the app), and no spin or history is asked for', async () => {
  const signIn = vi.fn();
  mockServer.use(answer(state, NOT_JOINED), answer(spin, ONE_SPIN), answer(history, { spins: [] }));
  renderFeature(<SpinWheel promotionId={PROMO} onSignIn={signIn} renderCountdown={() => null} />, { userId: null });
  expect(screen.getByText('Sign in to spin the wheel')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  act(() => useGlobalStore.setState({ hostAvailable: true }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(signIn).toHaveBeenCalledOnce();
  expect(screen.queryByRole('button', { name: /Spin|Take part/ })).toBeNull();
  expect(requestsTo(spin)).toEqual([]);
  expect(requestsTo(history)).toEqual([]);
});

test('a page reloaded while the wheel turned shows the prize the server decided', async () => {
  const won = FREEBET(Math.floor(Date.now() / 1000));
  mockServer.use(answer(state, STATE), answer(spin, { ...ONE_SPIN, spins: [won] }), answer(history, { spins: [won] }));
  const page = show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spin' }));
  await waitFor(() => expect(requestsTo(spin)).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 200)); // the answer is in, the wheel still turns
  page.unmount();
  expect(screen.queryByRole('dialog')).toBeNull();
  show();
  const popup = await screen.findByRole('dialog', { name: 'Your prize' });
  expect(popup).toHaveTextContent('You won: €5.00 free bet');
  // This page saw no seed hash published before the spin: it checks the revealed seed only.
  expect(await within(popup).findByText(PARTLY_VERIFIED)).toBeInTheDocument();
  expect(within(popup).queryByText('Verified fair')).toBeNull();
  expect(popup).toHaveTextContent(`${UNPUBLISHED_HASH}${SEEDS.freebet5.hash}`);
  expect(popup).not.toHaveTextContent('Seed hash published before the spin');
  expect(requestsTo(history)).toHaveLength(1);
  expect(requestsTo(spin)).toHaveLength(1);
});

test('a spin refused after a win is no spin under way: a reload does not show the earlier prize again', async () => {
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  const won = FREEBET(Math.floor(Date.now() / 1000));
  mockServer.use(answer(state, STATE), answer(spin, { ...ONE_SPIN, spins: [won] }), answer(history, { spins: [won] }));
  const page = show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spin' }));
  const popup = await screen.findByRole('dialog', { name: 'Your prize' });
  await userEvent.click(within(popup).getByRole('button', { name: 'Great' }));
  // The operator ends the promotion: the next press is refused.
  mockServer.use(refuse(spin, 409, 'promotion_ended', 'This promotion has ended'));
  await userEvent.click(screen.getByRole('button', { name: 'Spin' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This promotion has ended');
  page.unmount();

  show();
  expect(await screen.findByText('Spins left today: 3')).toBeInTheDocument();
  // Time enough for a resumed spin to be read back and shown (as in the reload test above).
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(screen.queryByRole('dialog')).toBeNull();
  const wins = sent.mock.calls.filter(([, message]) => (message as { kind?: string } | undefined)?.kind === 'win');
  expect(wins).toHaveLength(1);
  expect(requestsTo(history)).toEqual([]);
  expect(requestsTo(spin)).toHaveLength(2);
});

test('the earlier spins are listed newest first with their time in the player’s zone', async () => {
  mockServer.use(
    answer(state, STATE),
    answer(history, { spins: [FREEBET(1_764_230_000), { ...NOTHING, id: 41, createdAt: 1_764_150_000 }] }),
  );
  show();
  await userEvent.click(await screen.findByText('Your last spins'));
  const list = await screen.findByTestId('wheel-history');
  // 07:53 and 09:40 UTC on a UTC+3 page.
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['27.11 / 10:53You won: €5.00 free bet', '26.11 / 12:40No prize this time. Try again!']);
});

test('a wheel that fails to load says so, and its retry loads it', async () => {
  mockServer.use(failNetwork(state));
  show();
  expect(await screen.findByText('Could not load the wheel.')).toBeInTheDocument();
  mockServer.use(answer(state, STATE));
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Spins left today: 3')).toBeInTheDocument();
});
