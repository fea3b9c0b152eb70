import type { HostMessage } from '@promo/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { REPEAT_PRESS_MS } from '../../../shared/lib/browser/index.ts';
import { GoBack } from './go-back.tsx';

/** Every envelope the bridge sends to the host (parent window, Android, iOS), as it sends it. */
let toHost: HostMessage[] = [];
let stopListening: () => void = () => undefined;

beforeAll(loadEnglish);
// A press repeated within REPEAT_PRESS_MS is dropped, timed by performance.now(): that clock stands
// still unless a test moves it (timers and user-event run as they do).
beforeAll(() => vi.useFakeTimers({ toFake: ['performance'] }));
afterAll(() => vi.useRealTimers());
beforeEach(() => {
  toHost = [];
  stopListening = hostBridge.onSend((envelope) => toHost.push(envelope as HostMessage));
  // Each test opens the frame afresh on its first page (no frame history behind it).
  window.history.replaceState(null, '', '/en/promotion');
});
afterEach(() => {
  // The next test's presses come long after this one's.
  vi.advanceTimersByTime(REPEAT_PRESS_MS);
  stopListening();
  delete document.documentElement.dataset.embedded;
});

/** Two frame pages under the app's back bar, in the browser's own history (as the frame runs). */
function openFrame() {
  const router = createBrowserRouter([
    {
      path: '/en/promotion',
      element: (
        <>
          <GoBack />
          <h1>Promotions</h1>
          <Link to="/en/promotion/spin-wheel">Spin the Wheel</Link>
        </>
      ),
    },
    {
      path: '/en/promotion/spin-wheel',
      element: (
        <>
          <GoBack />
          <h1>Spin the Wheel</h1>
        </>
      ),
    },
  ]);
  renderFeature(<RouterProvider router={router} />, { userId: null });
  return router;
}

const backButton = () =>
  screen.getByRole('navigation', { name: 'Back to the previous page' }).querySelector('button') as HTMLButtonElement;
/** Lets the browser's history move (popstate) and the page follow. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

test('the back bar reads Back, in a navigation landmark named for what it does', () => {
  openFrame();
  const nav = screen.getByRole('navigation', { name: 'Back to the previous page' });
  expect(screen.getByRole('button', { name: 'Back' })).toBe(backButton());
  expect(nav).toHaveTextContent('‹Back');
});

test.each([
  { where: 'in a plain browser', embedded: false },
  { where: 'inside a host', embedded: true },
])(
  '$where Back goes back inside the frame first, and from the first page asks the host (goBack)',
  async ({ embedded }) => {
    if (embedded) document.documentElement.dataset.embedded = 'true';
    openFrame();
    await userEvent.click(screen.getByRole('link', { name: 'Spin the Wheel' }));
    expect(await screen.findByRole('heading', { name: 'Spin the Wheel' })).toBeInTheDocument();
    await userEvent.click(backButton());
    expect(await screen.findByRole('heading', { name: 'Promotions' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en/promotion');
    expect(toHost).toEqual([]);
    // A second press, not the second half of a double click.
    vi.advanceTimersByTime(REPEAT_PRESS_MS);
    await userEvent.click(backButton());
    await settle();
    expect(toHost).toEqual([{ type: 'goBack', data: {}, v: 1 }]);
    expect(screen.getByRole('heading', { name: 'Promotions' })).toBeInTheDocument();
  },
);

test('opened straight on an inner page, Back asks the host at once', async () => {
  window.history.replaceState(null, '', '/en/promotion/spin-wheel');
  openFrame();
  expect(screen.getByRole('heading', { name: 'Spin the Wheel' })).toBeInTheDocument();
  await userEvent.click(backButton());
  await settle();
  expect(toHost).toEqual([{ type: 'goBack', data: {}, v: 1 }]);
  expect(window.location.pathname).toBe('/en/promotion/spin-wheel');
});

test('a double click on Back on the first page asks the host once; a press after the window asks again', async () => {
  openFrame();
  await userEvent.dblClick(backButton());
  await settle();
  expect(toHost).toEqual([{ type: 'goBack', data: {}, v: 1 }]);
  vi.advanceTimersByTime(REPEAT_PRESS_MS - 1);
  await userEvent.click(backButton());
  await settle();
  expect(toHost).toHaveLength(1);
  vi.advanceTimersByTime(1);
  await userEvent.click(backButton());
  await settle();
  expect(toHost).toEqual([
    { type: 'goBack', data: {}, v: 1 },
    { type: 'goBack', data: {}, v: 1 },
  ]);
});

test('a double click on Back on an inner page goes back one page, and does not ask the host', async () => {
  openFrame();
  await userEvent.click(screen.getByRole('link', { name: 'Spin the Wheel' }));
  expect(await screen.findByRole('heading', { name: 'Spin the Wheel' })).toBeInTheDocument();
  await userEvent.dblClick(backButton());
  await settle();
  expect(screen.getByRole('heading', { name: 'Promotions' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/en/promotion');
  expect(toHost).toEqual([]);
});
