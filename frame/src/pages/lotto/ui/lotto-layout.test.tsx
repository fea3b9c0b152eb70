import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { loadEnglish } from '../../../../mock-api/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { initialGlobalState, useGlobalStore } from '../../../shared/model/index.ts';
import { LottoLayout } from './lotto-layout.tsx';

beforeAll(loadEnglish);
afterEach(() => useGlobalStore.setState(initialGlobalState, true));

/** The lottery section at `path`, its pages standing in; draws and info carry the nested flag, as in the routes. */
function showSection(path: string) {
  useGlobalStore.setState({ currentLanguage: 'ru' });
  const page = (name: string) => <p>{name}</p>;
  const router = createMemoryRouter(
    [
      {
        path: '/:lng/lotto',
        element: <LottoLayout />,
        children: [
          { index: true, element: page('list') },
          { path: 'results', element: page('results') },
          { path: 'results/:lottoId', handle: { nested: true }, element: page('draws') },
          { path: 'tickets', element: page('tickets') },
          { path: 'game/:lottoId', element: page('game') },
          { path: 'info/:lottoId', handle: { nested: true }, element: page('info') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

// Spec 2: the lottery tab bar has three tabs, Lotteries, Results and My tickets, in the page's language.
test.each([
  ['/ru/lotto', 'Lotteries'],
  ['/ru/lotto/results', 'Results'],
  ['/ru/lotto/tickets', 'My tickets'],
])('on %s the tab bar offers the three sections, %s the current one', (path, current) => {
  showSection(path);
  const tabs = within(screen.getByRole('navigation', { name: 'Lottery sections' })).getAllByRole('link');
  expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
    ['Lotteries', '/ru/lotto'],
    ['Results', '/ru/lotto/results'],
    ['My tickets', '/ru/lotto/tickets'],
  ]);
  expect(tabs.filter((tab) => tab.getAttribute('aria-current') === 'page').map((tab) => tab.textContent)).toEqual([
    current,
  ]);
});

// Spec 2: draws and info carry a metadata flag; their pages lead back to the list instead of the tabs.
test.each(['/ru/lotto/results/powerball', '/ru/lotto/info/GER6'])('%s leads back to all lotteries', (path) => {
  showSection(path);
  expect(screen.queryByRole('navigation', { name: 'Lottery sections' })).toBeNull();
  expect(screen.getByRole('link', { name: 'All lotteries' })).toHaveAttribute('href', '/ru/lotto');
});
