import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demoUser, expect, FRAME, openSameSiteDemo, PROFILES, shownBalance, test } from './fixtures.ts';

/**
 * Issue 26 item 3: in a plain browser (no host, no app) the frame signs in with fastLogin and out
 * with user/disconnect from its own account bar (decision 029); inside a host it keeps asking the
 * host. Against the real server: its sessions, its back-off and its words.
 */

/** The seeded demo user with a euro account (README): the balance shows in the player's currency. */
const EURO_PLAYER = { login: demoUser('demo.spinner').login, balance: shownBalance(demoUser('demo.spinner')) };

const accountBar = (page: Page) => page.getByRole('region', { name: 'Your account' });

/** Who the server says the browser's session is (its cookies, as the page's calls send them). */
async function sessionUser(page: Page): Promise<number | null> {
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  const { token } = await (await page.request.get('/web-api/user/gettoken?force_refresh=true', { headers })).json();
  const answer = await page.request.get('/web-api/api/internal/v1/sessions/user', {
    headers: { ...headers, 'x-auth': `Bearer ${token}` },
  });
  return (await answer.json()).user_id;
}

/** Opens the bar's sign-in form, fills it in and sends it. */
async function signInInFrame(page: Page, login: string, pass: string): Promise<void> {
  const bar = accountBar(page);
  await bar.getByRole('button', { name: 'Sign in' }).click();
  const form = bar.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Login').fill(login);
  await form.getByLabel('Password').fill(pass);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

test('in a plain browser a visitor signs in, sees the balance in their currency, stays signed in across reloads, and signs out', async ({
  page,
  context,
}) => {
  await page.goto(`${FRAME}/en/promotion/spin-wheel`);
  const bar = accountBar(page);
  const wheel = page.getByRole('region', { name: 'Your spins' });
  await expect(wheel).toContainText('Sign in to spin the wheel');

  await signInInFrame(page, EURO_PLAYER.login, DEMO_PASSWORD);
  await expect(bar.getByTestId('account-balance')).toHaveText(EURO_PLAYER.balance);
  await expect(bar.getByRole('form')).toHaveCount(0);
  // The page that depends on the player follows, as when a host signs one in.
  await expect(wheel.getByRole('button', { name: /^(Take part|Spin)$/ })).toBeVisible();
  await expect(wheel).not.toContainText('Sign in to spin the wheel');

  await page.reload();
  await expect(bar.getByTestId('account-balance')).toHaveText(EURO_PLAYER.balance);
  // The session outlives the 15-minute token: without its cookie, a reload still finds the player.
  await context.clearCookies({ name: 'user_token' });
  await page.reload();
  await expect(bar.getByTestId('account-balance')).toHaveText(EURO_PLAYER.balance);
  await expect(wheel.getByRole('button', { name: /^(Take part|Spin)$/ })).toBeVisible();
  expect(await sessionUser(page)).not.toBeNull();

  await bar.getByRole('button', { name: 'Sign out' }).click();
  await expect(bar.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(bar.getByTestId('account-balance')).toHaveCount(0);
  await expect(wheel).toContainText('Sign in to spin the wheel');
  const left = (await context.cookies()).map((cookie) => cookie.name);
  expect(left).not.toContain('user_token');
  expect(left).not.toContain('user_id');
  // Signed out on the server too: the browser's cookies name no player any more.
  expect(await sessionUser(page)).toBeNull();
  await page.reload();
  await expect(bar.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(bar.getByTestId('account-balance')).toHaveCount(0);
});

test("a wrong password is refused in the frame's words; the right one then signs in", async ({
  page,
  newPlayer,
  problems,
}) => {
  // Chromium logs the 401 answer of the wrong password.
  problems.allow(/status of 401/);
  const me = await newPlayer();
  await page.goto(`${FRAME}/en`);
  await signInInFrame(page, me.login, 'not-the-password');
  const form = accountBar(page).getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toHaveText('Wrong login or password.');
  await expect(accountBar(page).getByTestId('account-balance')).toHaveCount(0);

  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  // newPlayer's default kind: its balance as the player reads it.
  await expect(accountBar(page).getByTestId('account-balance')).toHaveText(shownBalance(PROFILES.dollar));
});

test('Sign in opens the frame’s own form in a plain browser; inside the demo host it asks the host, with no form', async ({
  page,
}) => {
  await page.goto(`${FRAME}/en`);
  await accountBar(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(accountBar(page).getByRole('form', { name: 'Sign in' })).toBeVisible();

  const frame = await openSameSiteDemo(page);
  const bar = frame.getByRole('region', { name: 'Your account' });
  await bar.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#message-log li[data-direction="in"][data-type="authorization"]')).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Sign in to the host site' })).toBeVisible();
  await expect(bar.getByRole('form')).toHaveCount(0);
  await expect(bar.getByRole('textbox')).toHaveCount(0);
});
