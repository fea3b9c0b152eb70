import { HUNT_ENDPOINTS, type HuntBoard, type HuntSearchResult } from '@promo/contract';
import { act, screen, within } from '@testing-library/react';
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
import { useGlobalStore } from '../../../shared/model/index.ts';
import { SearchHunt } from './search-hunt.tsx';

const PROMO = 205;
const board = tableEndpoint(HUNT_ENDPOINTS.board, { id: PROMO });
const search = tableEndpoint(HUNT_ENDPOINTS.search, { id: PROMO });

type Progress = NonNullable<HuntBoard['me']>;
type Spot = Progress['spots'][number];
const CLOSED: Spot = { opened: false, collectible: null };
/** Nine spots; `open` sets the ones already opened (index → what it held). */
const spots = (open: Record<number, number | null> = {}): Spot[] =>
  Array.from({ length: 9 }, (_, index) =>
    index in open ? { opened: true, collectible: open[index] ?? null } : CLOSED,
  );

/** Candies 1, 2 and 4 of 6 held; today spot 1 gave candy 2, two searches left. */
const ME: Progress = {
  day: '2025-11-27',
  spots: spots({ 0: 1 }),
  searchesLeft: 2,
  collected: [0, 1, 3],
  nextAt: 1_764_288_000,
  completion: null,
};
const BOARD: HuntBoard = { promoId: PROMO, setSize: 6, status: 'active', completedCount: 12, me: ME };

/** Spot 3 (index 2) searched: what it held and the board after. */
const searched = (found: number | null, me: Partial<Progress>, extra: Partial<HuntSearchResult> = {}) => ({
  spot: 2,
  found,
  duplicate: false,
  completed: false,
  board: { ...BOARD, me: { ...ME, spots: spots({ 0: 1, 2: found }), searchesLeft: 1, ...me } },
  ...extra,
});
const FOUND_NEW: HuntSearchResult = searched(4, { collected: [0, 1, 3, 4] });

startMockApi(...sessionHandlers(7));
beforeAll(loadEnglish);
afterEach(() => vi.restoreAllMocks());

const show = () =>
  renderFeature(
    <SearchHunt
      promotionId={PROMO}
      collectible="candy"
      onSignIn={() => undefined}
      renderCountdown={(ms) => <span>new board at {new Date(ms).toISOString()}</span>}
    />,
  );
const spot = (name: string) => screen.getByRole('button', { name });
const album = () =>
  within(screen.getByRole('list', { name: 'Your album' }))
    .getAllByRole('listitem')
    .map((piece) => piece.getAttribute('aria-label'));

test('a player opens a spot and finds a new candy: a popup, the album, the progress and the searches left say so', async () => {
  mockServer.use(answer(board, BOARD), answer(search, FOUND_NEW));
  show();
  expect(await screen.findByText('Searches left today: 2 of 3')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Your collection' })).toBeInTheDocument();
  expect(
    screen.getByText(
      'Open 3 spots a day on your board and find all 6 pieces of the set. The first players to complete it win the top prizes.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByTestId('hunt-progress')).toHaveTextContent('3 of 6 collected');
  expect(screen.getByText('Players who completed the set: 12')).toBeInTheDocument();
  expect(screen.getByRole('group', { name: "Today's board" })).toBeInTheDocument();
  // Spot 1 was opened earlier today; spot 3 is still closed.
  expect(spot('Spot 1: Candy 2')).toBeDisabled();
  expect(spot('Spot 3: open it')).toBeEnabled();

  await userEvent.click(spot('Spot 3: open it'));
  const popup = await screen.findByRole('dialog', { name: 'You found something!' });
  expect(popup).toHaveTextContent('Candy 5 is now in your album.');
  expect(spot('Spot 3: Candy 5')).toBeDisabled();
  expect(screen.getByText('Searches left today: 1 of 3')).toBeInTheDocument();
  expect(screen.getByTestId('hunt-progress')).toHaveTextContent('4 of 6 collected');
  expect(album()).toEqual([
    'Candy 1: collected',
    'Candy 2: collected',
    'Candy 3: not found yet',
    'Candy 4: collected',
    'Candy 5: collected',
    'Candy 6: not found yet',
  ]);
  expect(requestsTo(search)).toEqual([expect.objectContaining({ body: { spot: 2 } })]);
  await userEvent.click(within(popup).getByRole('button', { name: 'Great' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('an empty spot is said on the board only: no popup, nothing added', async () => {
  mockServer.use(answer(board, BOARD), answer(search, searched(null, {})));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spot 3: open it' }));
  expect(await screen.findByText('Nothing here this time. Try another spot.')).toBeInTheDocument();
  expect(spot('Spot 3: empty')).toBeDisabled();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByTestId('hunt-progress')).toHaveTextContent('3 of 6 collected');
  expect(screen.getByText('Searches left today: 1 of 3')).toBeInTheDocument();
});

test('a candy the player already holds is called a duplicate and the progress stays', async () => {
  mockServer.use(answer(board, BOARD), answer(search, searched(1, {}, { duplicate: true })));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spot 3: open it' }));
  expect(await screen.findByRole('dialog', { name: 'You found something!' })).toHaveTextContent(
    'Another Candy 2: you already have this one.',
  );
  expect(spot('Spot 3: Candy 2')).toBeDisabled();
  expect(screen.getByTestId('hunt-progress')).toHaveTextContent('3 of 6 collected');
});

test('the last missing candy completes the set: the place, the prize, and no more board', async () => {
  const last: HuntBoard = {
    ...BOARD,
    completedCount: 13,
    me: {
      ...ME,
      spots: spots({ 0: 1, 2: 5 }),
      searchesLeft: 1,
      collected: [0, 1, 2, 3, 4, 5],
      completion: { place: 13, completedAt: 1_764_250_000, prize: { kind: 'cash', amount: '50', currencyCode: 'EUR' } },
    },
  };
  mockServer.use(
    answer(board, { ...BOARD, me: { ...ME, collected: [0, 1, 2, 3, 4] } }),
    answer(search, { spot: 2, found: 5, duplicate: false, completed: true, board: last }),
  );
  show();
  expect(await screen.findByText('5 of 6 collected')).toBeInTheDocument();
  await userEvent.click(spot('Spot 3: open it'));
  expect(await screen.findByRole('dialog', { name: 'Collection complete!' })).toHaveTextContent(
    'You hold the whole set. Your place: 13. The prize is credited when the hunt ends.',
  );
  expect(screen.getByTestId('hunt-completion')).toHaveTextContent('Collection complete: place 13, prize €50.00 cash');
  expect(screen.getByTestId('hunt-progress')).toHaveTextContent('6 of 6 collected');
  expect(screen.getByText('Players who completed the set: 13')).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: "Today's board" })).toBeNull();
  expect(screen.queryByRole('button', { name: /Spot/ })).toBeNull();
});

test("a refusal shows the server's message and changes nothing", async () => {
  mockServer.use(answer(board, BOARD), refuse(search, 409, 'spot_open', 'This spot is already open'));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spot 3: open it' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This spot is already open');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(spot('Spot 3: open it')).toBeEnabled();
  expect(screen.getByText('Searches left today: 2 of 3')).toBeInTheDocument();
  expect(screen.getByTestId('hunt-progress')).toHaveTextContent('3 of 6 collected');
});

test('a network failure is resent twice, then asks to try again; every attempt opens the same spot with the same key', async () => {
  mockServer.use(answer(board, BOARD), failNetwork(search));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Spot 3: open it' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('That did not go through. Please try again.');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByText('Searches left today: 2 of 3')).toBeInTheDocument();
  mockServer.use(answer(search, FOUND_NEW));
  await userEvent.click(spot('Spot 3: open it'));
  expect(await screen.findByRole('dialog', { name: 'You found something!' })).toHaveTextContent(
    'Candy 5 is now in your album.',
  );
  expect(screen.queryByRole('alert')).toBeNull();
  const attempts = requestsTo(search);
  expect(attempts).toHaveLength(4);
  expect(attempts[0]?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  expect(new Set(attempts.map((attempt) => attempt.idempotencyKey)).size).toBe(1);
  expect(attempts.map((attempt) => attempt.body)).toEqual(Array(4).fill({ spot: 2 }));
});

test('a double click on a spot opens it once; every spot is closed to presses while it is under way', async () => {
  mockServer.use(answer(board, BOARD), answer(search, FOUND_NEW, 300));
  show();
  await userEvent.dblClick(await screen.findByRole('button', { name: 'Spot 3: open it' }));
  expect(spot('Spot 3: open it')).toBeDisabled();
  expect(spot('Spot 4: open it')).toBeDisabled();
  await userEvent.click(spot('Spot 4: open it'));
  expect(await screen.findByRole('dialog', { name: 'You found something!' })).toBeInTheDocument();
  expect(requestsTo(search)).toHaveLength(1);
  expect(spot('Spot 4: open it')).toBeEnabled();
});

test('with no searches left every closed spot is locked and the next board is counted down', async () => {
  mockServer.use(
    answer(board, { ...BOARD, me: { ...ME, spots: spots({ 0: 1, 4: null, 7: 3 }), searchesLeft: 0 } }),
    answer(search, FOUND_NEW),
  );
  show();
  expect(await screen.findByText('Searches left today: 0 of 3')).toBeInTheDocument();
  const board9 = screen.getAllByRole('button', { name: /^Spot/ });
  expect(board9).toHaveLength(9);
  for (const button of board9) expect(button).toBeDisabled();
  expect(spot('Spot 5: empty')).toBeDisabled();
  expect(spot('Spot 8: Candy 4')).toBeDisabled();
  expect(screen.getByText(/new board at/)).toHaveTextContent(
    `new board at ${new Date(1_764_288_000_000).toISOString()}`,
  );
  await userEvent.click(spot('Spot 3: open it'));
  expect(requestsTo(search)).toEqual([]);
});

test('a visitor sees the set and is asked to sign in (a button in the app); no board is opened', async () => {
  const signIn = vi.fn();
  mockServer.use(answer(board, { ...BOARD, me: null }), answer(search, FOUND_NEW));
  renderFeature(<SearchHunt promotionId={PROMO} collectible="candy" onSignIn={signIn} renderCountdown={() => null} />, {
    userId: null,
  });
  expect(await screen.findByText('Sign in to open your board and start collecting.')).toBeInTheDocument();
  expect(album()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Candy ${n}: not found yet`));
  expect(screen.getByText('Players who completed the set: 12')).toBeInTheDocument();
  expect(screen.queryByTestId('hunt-progress')).toBeNull();
  expect(screen.queryByRole('button', { name: /Spot/ })).toBeNull();
  act(() => useGlobalStore.setState({ hostAvailable: true }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(signIn).toHaveBeenCalledOnce();
  expect(requestsTo(search)).toEqual([]);
});

test('a hunt that fails to load says so, and its retry loads it', async () => {
  mockServer.use(failNetwork(board));
  show();
  expect(await screen.findByText('Could not load the hunt.')).toBeInTheDocument();
  mockServer.use(answer(board, BOARD));
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Searches left today: 2 of 3')).toBeInTheDocument();
});

test('while the hunt loads, and when it fails to load, the set has no size to tell: no "0 pieces"', async () => {
  mockServer.use(answer(board, BOARD, 300));
  const loading = show();
  const hunt = screen.getByRole('region', { name: 'Your collection' });
  expect(hunt).not.toHaveTextContent(/\b0 pieces/);
  expect(
    await screen.findByText(
      'Open 3 spots a day on your board and find all 6 pieces of the set. The first players to complete it win the top prizes.',
    ),
  ).toBeInTheDocument();
  loading.unmount();

  mockServer.use(failNetwork(board));
  show();
  expect(await screen.findByText('Could not load the hunt.')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Your collection' })).not.toHaveTextContent(/\b0 pieces/);
  expect(screen.queryByText(/find all/)).toBeNull();
});
