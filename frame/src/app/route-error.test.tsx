import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { RouteError } from './route-error.tsx';

const RELOAD_MARK = 'promo-frame:chunk-reload-at';

/** A route whose module failed to load, as the browser reports it. */
const failedChunkRouter = () =>
  createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw new TypeError('Failed to fetch dynamically imported module: /promo-frame/assets/home-x.js');
      },
      element: null,
      hydrateFallbackElement: null,
      errorElement: <RouteError />,
    },
  ]);

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

test('rendering alone never spends the once-per-minute reload', async () => {
  const router = failedChunkRouter();
  await router.navigate('/');
  renderToString(<RouterProvider router={router} />);
  expect(sessionStorage.getItem(RELOAD_MARK)).toBeNull();
});

test('a chunk error the guard refuses shows the error page instead of reloading', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  render(<RouterProvider router={failedChunkRouter()} />);
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('500');
});
