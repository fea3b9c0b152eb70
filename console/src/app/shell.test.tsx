import { CONSOLE_ENDPOINTS, type StaffRole } from '@promo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../i18n/i18n.ts';
import { staff } from '../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../test/mock-api.ts';
import { pathOf, renderConsole, signedInAs } from '../test/render.tsx';

startMockApi();

const emptyList = () => answer(CONSOLE_ENDPOINTS.promotions, { items: [], total: 0, page: 1, size: 25 });

const ROLE_WORDS: Record<StaffRole, string> = {
  editor: 'Editor',
  publisher: 'Publisher',
  support: 'Support',
  admin: 'Admin',
};

test.each(Object.entries(ROLE_WORDS))('the top bar shows the %s: login and role badge', async (role, word) => {
  signedInAs(staff(role as StaffRole, `ann.${role}`));
  mockServer.use(emptyList());
  await renderConsole('/');
  const banner = await screen.findByRole('banner');
  expect(within(banner).getByText(`ann.${role}`)).toBeInTheDocument();
  expect(within(banner).getByText(word)).toHaveClass('badge', `role-${role}`);
});

test('the shell: skip link to the main content, nav with the current page, the product name', async () => {
  signedInAs(staff('editor'));
  mockServer.use(emptyList(), answer(CONSOLE_ENDPOINTS.audit, { items: [], next: null }));
  const { user, router } = await renderConsole('/');
  await screen.findByRole('heading', { level: 1, name: 'Promotions' });
  expect(pathOf(router)).toBe('/promotions');
  expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  const nav = screen.getByRole('navigation', { name: 'Console sections' });
  expect(within(nav).getByRole('link', { name: 'Promotions' })).toHaveAttribute('aria-current', 'page');
  await user.click(within(nav).getByRole('link', { name: 'Audit log' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  // The tab's title follows once the page's effect has run (after its heading, on a loaded machine).
  await waitFor(() => expect(document.title).toBe('Audit log · Promo console'));
});

/** The sections each role finds in the nav: feed health is not the editor's; staff and operator keys are the admin's. */
const NAV: Record<StaffRole, string[]> = {
  editor: ['Promotions', 'CMS pages', 'Art', 'Audit log'],
  publisher: ['Promotions', 'CMS pages', 'Art', 'Audit log', 'Player support', 'Adjustments', 'Feed health'],
  support: ['Promotions', 'CMS pages', 'Art', 'Audit log', 'Player support', 'Adjustments', 'Feed health'],
  admin: [
    'Promotions',
    'CMS pages',
    'Art',
    'Audit log',
    'Player support',
    'Adjustments',
    'Feed health',
    'Staff',
    'Operator keys',
  ],
};

test.each(Object.entries(NAV))('the nav of a %s: %j', async (role, links) => {
  signedInAs(staff(role as StaffRole));
  mockServer.use(emptyList());
  await renderConsole('/promotions');
  const nav = await screen.findByRole('navigation', { name: 'Console sections' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(links);
});

test('an admin goes from the nav to Staff and to Operator keys', async () => {
  signedInAs(staff('admin'));
  mockServer.use(
    emptyList(),
    answer(CONSOLE_ENDPOINTS.staff, []),
    answer(CONSOLE_ENDPOINTS.staffSessions, []),
    answer(CONSOLE_ENDPOINTS.operatorKeys, []),
  );
  const { user, router } = await renderConsole('/promotions');
  const nav = await screen.findByRole('navigation', { name: 'Console sections' });
  await user.click(within(nav).getByRole('link', { name: 'Staff' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
  expect(pathOf(router)).toBe('/staff');
  await waitFor(() => expect(document.title).toBe('Staff · Promo console'));
  await user.click(within(nav).getByRole('link', { name: 'Operator keys' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Operator keys' })).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Operator keys' })).toHaveAttribute('aria-current', 'page');
});

test('the menu button (narrow screens) says whether the menu is open', async () => {
  signedInAs(staff('editor'));
  mockServer.use(emptyList());
  const { user } = await renderConsole('/promotions');
  const menu = await screen.findByRole('button', { name: 'Menu' });
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  await user.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(document.getElementById(menu.getAttribute('aria-controls') ?? '')).toHaveClass('open');
});

test('the language switch turns the console Russian, is remembered, and the API is asked in Russian', async () => {
  signedInAs(staff('editor'));
  mockServer.use(emptyList());
  const { user } = await renderConsole('/promotions');
  await screen.findByRole('heading', { level: 1, name: 'Promotions' });
  await user.selectOptions(screen.getByLabelText('Language'), 'Русский');
  expect(await screen.findByRole('heading', { level: 1, name: 'Акции' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('ru');
  expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
  await user.selectOptions(screen.getByLabelText('Состояние'), 'Идёт');
  await waitFor(() =>
    expect(requestsTo(CONSOLE_ENDPOINTS.promotions).at(-1)?.headers.get('accept-language')).toBe('ru'),
  );
});

test('sign out ends the session and shows the sign-in page', async () => {
  signedInAs(staff('editor'));
  mockServer.use(emptyList(), answer(CONSOLE_ENDPOINTS.signOut, { ok: true }));
  const { user, router } = await renderConsole('/promotions');
  await user.click(await screen.findByRole('button', { name: 'Sign out' }));
  await waitFor(() => expect(pathOf(router)).toBe('/sign-in'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeInTheDocument();
  expect(requestsTo(CONSOLE_ENDPOINTS.signOut)[0]?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
});

test('a session that ends while working sends the member to sign in, and back after', async () => {
  signedInAs(staff('editor'));
  mockServer.use(emptyList());
  const { user, router } = await renderConsole('/promotions');
  await screen.findByRole('heading', { level: 1, name: 'Promotions' });
  mockServer.use(handle(CONSOLE_ENDPOINTS.promotions, () => refusal(401, 'staff_session', 'Your session ended')));
  await user.selectOptions(screen.getByLabelText('State'), 'Draft');
  expect(await screen.findByText('Your session ended. Sign in again to go on.')).toBeInTheDocument();
  expect(pathOf(router)).toBe(`/sign-in?next=${encodeURIComponent('/promotions?state=draft')}&expired=1`);
});

test('an unknown console path is a page of its own', async () => {
  signedInAs(staff('editor'));
  await renderConsole('/nowhere');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
});
