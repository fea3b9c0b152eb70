import type { HostMessage, SiteConfig } from '@promo/contract';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { loadEnglish } from '../../../../mock-api/render.tsx';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { i18n } from '../../../shared/i18n/index.ts';
import { initialGlobalState, useGlobalStore } from '../../../shared/model/index.ts';
import { ErrorPage } from './error-page.tsx';

// What the error page asks the analytics service to record (its destinations are tested with it).
const recorded = vi.hoisted(() => ({ pageNotFound: vi.fn(), bonusRulesOffered: vi.fn() }));
vi.mock('../../../shared/analytics/index.ts', () => ({ analytics: () => recorded }));

/** The parts of a loaded config the error page reads. */
const config = { uiStyle: {}, iframe: { allowedHostOrigins: [] } } as unknown as SiteConfig;

/** Every envelope the bridge sends to the host, as it sends it. */
let toHost: HostMessage[] = [];
let stopListening: () => void = () => undefined;

beforeAll(loadEnglish);
beforeEach(() => {
  toHost = [];
  stopListening = hostBridge.onSend((envelope) => toHost.push(envelope as HostMessage));
});
afterEach(() => {
  cleanup();
  stopListening();
  vi.clearAllMocks();
  delete document.documentElement.dataset.host;
  useGlobalStore.setState(initialGlobalState, true);
});

/** What the host was sent besides the page's title (changeTitle, which every page sends). */
const sentToHost = () => toHost.filter((message) => message.type !== 'changeTitle');

/** Lets the bridge and the analytics (loaded on demand) take whatever was asked of them. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

/**
 * The error page at `path` (each test its own: a page reports each error page once in its life),
 * with the config loaded in `lng` unless `withConfig` is false.
 */
function showErrorPage(path: string, statusCode: number, { withConfig = true, lng = 'en' } = {}) {
  if (withConfig) useGlobalStore.setState({ siteConfig: config, currentLanguage: lng });
  window.history.replaceState({}, '', path);
  const router = createMemoryRouter([{ path: '*', element: <ErrorPage statusCode={statusCode} /> }], {
    basename: '/promo-frame',
    initialEntries: [path],
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const links = () =>
  within(screen.getByRole('navigation', { name: 'Useful links' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

test.each([
  {
    where: 'with a config, the links keep the page language (ar);',
    options: { lng: 'ar' },
    expected: [
      ['Go to home page', '/promo-frame/ar'],
      ['Promotions', '/promo-frame/ar/promotion'],
      ['Lotteries', '/promo-frame/ar/lotto'],
      ['Bonus rules', '/bonus/rules'],
    ],
  },
  {
    where: 'without a config, the frame picks the language when they load;',
    options: { withConfig: false },
    expected: [
      ['Go to home page', '/promo-frame'],
      ['Promotions', '/promo-frame/promotion'],
      ['Lotteries', '/promo-frame/lotto'],
      ['Bonus rules', '/bonus/rules'],
    ],
  },
])(
  '$where the navigation links home, promotions, lotteries (frame pages) and the bonus rules (host page)',
  async ({ options, expected }) => {
    showErrorPage(`/promo-frame/links-${expected.length}-${options.lng ?? 'none'}`, 404, options);
    expect(links()).toEqual(expected);
    await settle();
  },
);

// Spec 2 and 8: the status is the title; only 404 and 500 have a message, other codes an empty one.
test.each([
  [404, 'This page could not be found'],
  [500, 'Internal server error. Please try again later.'],
  [502, ''],
  [503, ''],
  [403, ''],
])('a %i page has the status as its title and the message %j', async (status, message) => {
  showErrorPage(`/promo-frame/en/status-${status}`, status);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(String(status));
  expect(screen.getByText('Something went wrong')).toBeVisible();
  expect(screen.getByTestId('error-message').textContent).toBe(message);
  await settle();
});

test('showing a 404 records page-not-found and the bonus rules offered; the host only hears pageNotFound', async () => {
  showErrorPage('/promo-frame/en/shown-404', 404);
  await waitFor(() => expect(recorded.bonusRulesOffered).toHaveBeenCalledOnce());
  expect(recorded.bonusRulesOffered).toHaveBeenCalledWith('/promo-frame/en/shown-404', 404, '/bonus/rules');
  expect(recorded.pageNotFound).toHaveBeenCalledWith('/promo-frame/en/shown-404');
  await settle();
  expect(sentToHost()).toEqual([{ type: 'pageNotFound', data: { path: '/promo-frame/en/shown-404' }, v: 1 }]);
});

test('showing a 500 records the bonus rules offered and sends the host nothing', async () => {
  showErrorPage('/promo-frame/en/shown-500', 500);
  await waitFor(() =>
    expect(recorded.bonusRulesOffered).toHaveBeenCalledWith('/promo-frame/en/shown-500', 500, '/bonus/rules'),
  );
  await settle();
  expect(recorded.pageNotFound).not.toHaveBeenCalled();
  expect(sentToHost()).toEqual([]);
});

test('inside a host, following the bonus rules link asks the host to open them, and only then', async () => {
  document.documentElement.dataset.host = 'true';
  showErrorPage('/promo-frame/en/host-bonus', 404);
  await settle();
  expect(sentToHost().map((message) => message.type)).toEqual(['pageNotFound']);
  const bonus = screen.getByRole('link', { name: 'Bonus rules' });
  // The page stays: the click goes to the host, not to the link's address (seen once React has run).
  const followed = vi.fn((event: MouseEvent) => event.defaultPrevented);
  document.addEventListener('click', followed);
  await userEvent.click(bonus);
  document.removeEventListener('click', followed);
  await waitFor(() => expect(sentToHost().map((message) => message.type)).toEqual(['pageNotFound', 'bonus']));
  expect(sentToHost()[1]).toEqual({ type: 'bonus', data: { path: '/bonus/rules' }, v: 1 });
  expect(followed).toHaveReturnedWith(true);
});
