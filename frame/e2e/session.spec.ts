import { REPEAT_PRESS_MS } from '../src/shared/lib/browser/repeat-press.ts';
import {
  analyticsEvents,
  demoUser,
  expect,
  FRAME,
  openSameSiteDemo,
  PROFILES,
  shownBalance,
  signInOnHost,
  test,
} from './fixtures.ts';

const DEMO_PLAYER = demoUser('demo.player');
const PLAYER = { login: DEMO_PLAYER.login, pass: DEMO_PLAYER.password, balance: shownBalance(DEMO_PLAYER) };

test('a visitor signs in through the host flow and sees the balance the server keeps', async ({ page, problems }) => {
  const events = analyticsEvents(page);
  // The host's own wrong-password attempt answers 401 (Chromium logs every 4xx).
  problems.allow(/status of 401/);
  const frame = await openSameSiteDemo(page);
  const bar = frame.getByRole('region', { name: 'Your account' });
  await expect(bar.getByRole('button', { name: 'Register' })).toBeVisible();

  // The frame asks the host; the host opens its dialog and checks the password on the server.
  await frame.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to the host site' });
  await dialog.getByLabel('Login').fill(PLAYER.login);
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Wrong login or password.');
  await dialog.getByLabel('Password').fill(PLAYER.pass);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('#account-state')).toContainText(`Signed in as ${PLAYER.login}`);

  await expect(bar.getByTestId('account-balance')).toHaveText(PLAYER.balance);
  await expect(bar.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expect.poll(() => events.map((e) => e.name)).toContain('auth_popup');
  const popup = events.find((e) => e.name === 'auth_popup');
  expect(popup?.payload).toMatchObject({ authTryCounter: 1, mobile: true, android: true });
  expect(typeof popup?.payload.fingerprint).toBe('string');

  // Top-up is the host's dialog.
  await bar.getByRole('link', { name: 'Top up' }).click();
  await expect(page.locator('#host-location')).toHaveText('topUp: /office/recharge');

  // Signing out on the host takes the balance away and brings the prompts back.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(bar.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(bar.getByTestId('account-balance')).toHaveCount(0);
});

test('the active account is switched by the server, once per choice', async ({ page, newPlayer }) => {
  const me = await newPlayer(PROFILES.wallet);
  const frame = await openSameSiteDemo(page);
  await signInOnHost(page, frame, me.login);
  const bar = frame.getByRole('region', { name: 'Your account' });
  await expect(bar.getByTestId('account-balance')).toHaveText(shownBalance(PROFILES.wallet, 'USD'));
  const account = bar.getByLabel('Active account');
  const switches: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/web-api/user/setactiveaccount')) switches.push(request.postData() ?? '');
  });
  await account.selectOption({ label: 'EUR' });
  await expect(bar.getByTestId('account-balance')).toHaveText(shownBalance(PROFILES.wallet, 'EUR'));
  await account.selectOption({ label: 'USD' });
  await expect(bar.getByTestId('account-balance')).toHaveText(shownBalance(PROFILES.wallet, 'USD'));
  expect(switches).toHaveLength(2);
});

test('a token the server rejects is replaced once and the call goes through', async ({
  page,
  context,
  baseURL,
  problems,
}) => {
  // Chromium logs every 4xx answer; the 401 is the point of this test.
  problems.allow(/status of 401/);
  const bound = page.waitForResponse((response) => response.url().endsWith('/web-api/user/secure-cookie'));
  const frame = await openSameSiteDemo(page);
  await signInOnHost(page, frame);
  const bar = frame.getByRole('region', { name: 'Your account' });
  await expect(bar.getByTestId('account-balance')).toHaveText(PLAYER.balance);
  // The sign-in's own calls are over (the secure cookie waits for the fingerprint) before the
  // token is forged: only the calls after it are this test's.
  expect((await bound).status()).toBe(200);

  // A well-formed token with a future exp and a forged signature: only the server can tell.
  const payload = Buffer.from(JSON.stringify({ sub: 'forged', exp: Math.floor(Date.now() / 1000) + 600 })).toString(
    'base64url',
  );
  await context.addCookies([{ name: 'user_token', value: `eyJhbGciOiJIUzI1NiJ9.${payload}.forged`, url: baseURL }]);
  const seen: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/web-api/')) seen.push(`${path} ${response.status()}`);
  });
  await page.getByRole('button', { name: 'Sign out' }).click();
  // A press of Sign in within the double-click window of the last one sends nothing (a fast run
  // got here in under 500 ms): the second sign-in is a new press, after it.
  await page.waitForTimeout(REPEAT_PRESS_MS);
  await signInOnHost(page, frame);
  await expect(bar.getByTestId('account-balance')).toHaveText(PLAYER.balance);
  expect(seen.filter((line) => line.startsWith('/web-api/user/balance'))).toEqual([
    '/web-api/user/balance 401',
    '/web-api/user/balance 200',
  ]);
  expect(
    seen.filter((line) => line.startsWith('/web-api/user/gettoken')),
    seen.join('\n'),
  ).toHaveLength(1);
});

test('the cross-origin demo explains that sign-in needs the frame on the host site', async ({ page, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-host/`);
  const frame = page.frameLocator('#promo-frame');
  await frame.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#account-hint')).toBeVisible();
  await expect(page.locator('#message-log li[data-type="authorization"]')).toHaveCount(1);
});

test('an unknown page sends a page-not-found event', async ({ page, problems }) => {
  problems.allow(/route error 404 This page could not be found|status of 404/);
  const events = analyticsEvents(page);
  await page.goto(`${FRAME}/en/no/such/page`);
  await expect(page.getByTestId('error-message')).toHaveText('This page could not be found');
  await expect
    .poll(() => events.find((e) => e.name === 'page_not_found')?.payload.path)
    .toBe('/promo-frame/en/no/such/page');
});

test('going offline is shown to the player and coming back clears it', async ({ page, context, problems }) => {
  // What the page asks for while offline fails, and the browser logs each such request.
  problems.allow(/ERR_INTERNET_DISCONNECTED/);
  await page.goto(`${FRAME}/en`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page's own chunks (the session's, loaded after the first paint) are in before the line drops.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toHaveCount(0);
});
