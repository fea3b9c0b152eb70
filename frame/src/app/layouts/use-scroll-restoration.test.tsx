import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useScrollRestoration } from './use-scroll-restoration.ts';

function Page() {
  useScrollRestoration();
  return null;
}

let scrollTo: ReturnType<typeof vi.spyOn>;
const scrollBy = (top: number) => {
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  window.dispatchEvent(new Event('scroll'));
};
const kept = () => Object.values(JSON.parse(sessionStorage.getItem('promo-frame:scroll') ?? '{}'));

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderRouter() {
  const router = createMemoryRouter([{ path: '*', Component: Page }]);
  render(<RouterProvider router={router} />);
  return router;
}

test('the scroll handler keeps the position once scrolling has stopped for 500 ms', () => {
  renderRouter();
  scrollBy(120);
  vi.advanceTimersByTime(300);
  scrollBy(480);
  vi.advanceTimersByTime(499);
  expect(kept()).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(kept()).toEqual([480]);
});

test('a new page starts at the top; back returns to the position the page was left at', async () => {
  const router = renderRouter();
  scrollBy(480);
  // Moving on within the debounce keeps the position all the same.
  await act(() => router.navigate('/next'));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  scrollBy(0);
  await act(() => router.navigate(-1));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
});

test('a change of the query on the same page keeps the scroll position', async () => {
  const router = renderRouter();
  scrollTo.mockClear();
  await act(() => router.navigate('/?product=sport', { replace: true }));
  expect(scrollTo).not.toHaveBeenCalled();
});

test("the browser's own scroll restoration is off while the frame restores positions, and back after", () => {
  history.scrollRestoration = 'auto';
  const { unmount } = render(<RouterProvider router={createMemoryRouter([{ path: '*', Component: Page }])} />);
  expect(history.scrollRestoration).toBe('manual');
  unmount();
  expect(history.scrollRestoration).toBe('auto');
});

test('back to a page still growing: the kept position is reached once the page is tall enough, unless the player scrolls first', async () => {
  /** The page's observers still watching it grow. */
  const observers = new Set<{ grown: () => void }>();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(readonly grown: () => void) {}
      observe() {
        observers.add(this);
      }
      disconnect() {
        observers.delete(this);
      }
    },
  );
  const grow = () => {
    for (const observer of [...observers]) observer.grown();
  };
  // The page is 590 px tall (of scroll) when shown again, and 1200 px once its list has arrived.
  let tallest = 590;
  scrollTo.mockImplementation((_x: number, top: number) => scrollBy(Math.min(top, tallest)));
  const router = renderRouter();
  scrollBy(1159);
  await act(() => router.navigate('/next'));
  await act(() => router.navigate(-1));
  expect(window.scrollY).toBe(590);
  tallest = 1200;
  grow();
  expect(window.scrollY).toBe(1159);
  // It watches the page settle for 3 s, then lets it be.
  vi.advanceTimersByTime(3000);
  expect(observers.size).toBe(0);

  // Again, but the player scrolls before the page has grown: the page stays where they put it.
  await act(() => router.navigate('/next'));
  tallest = 590;
  await act(() => router.navigate(-1));
  expect(window.scrollY).toBe(590);
  window.dispatchEvent(new Event('wheel'));
  scrollBy(200);
  tallest = 1200;
  grow();
  expect(window.scrollY).toBe(200);
  vi.unstubAllGlobals();
});
