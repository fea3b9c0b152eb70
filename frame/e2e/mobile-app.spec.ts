import { demoUser, expect, FRAME, test } from './fixtures.ts';

/** The app shell's auth cookie of the seeded user demo.arabic (README lists it). */
const APP_TOKEN = demoUser('demo.arabic').appToken;

test('a mobile-app promo link signs the app user in and opens the promotion in the same language', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'app_auth_token', value: APP_TOKEN, url: baseURL }]);
  const signIn = page.waitForRequest((request) => request.url().endsWith('/web-api/api/mobile/v1/token/auth'));
  const checks: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/web-api/api/internal/v1/sessions/user')) checks.push(response.status());
  });
  await page.goto(`${FRAME}/en/mobile-app/spin-wheel`);
  await expect(page).toHaveURL(`${FRAME}/en/promotion/spin-wheel`);
  const headers = (await signIn).headers();
  expect(headers).toMatchObject({
    authorization: `Bearer ${APP_TOKEN}`,
    'x-mobile-currency': 'USD',
    'x-mobile-project-id': '285',
    'x-requested-with': 'XMLHttpRequest',
  });
  // The session check runs before the sign-in and again after it; none needs a token retry.
  await expect.poll(() => checks.length).toBeGreaterThanOrEqual(2);
  expect(checks.every((status) => status === 200)).toBe(true);
  const bar = page.getByRole('region', { name: 'Your account' });
  await expect(bar.getByTestId('account-balance')).toHaveText('$300.00');
  // The redirect replaced the app link (the tab's entries: about:blank, the page): Back does not
  // run the sign-in again.
  expect(await page.evaluate(() => history.length)).toBe(2);
});

test('a mobile-app bonus link opens the bonus CMS page, keeping the language', async ({ page }) => {
  await page.goto(`${FRAME}/ar/mobile-app/bonus/welcome`);
  await expect(page).toHaveURL(`${FRAME}/ar/bonus/welcome`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('without an app token the promotion opens for a visitor', async ({ page }) => {
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/mobile/v1/token/auth')) signIns.push(request.url());
  });
  await page.goto(`${FRAME}/mobile-app/spin-wheel`);
  await expect(page).toHaveURL(`${FRAME}/promotion/spin-wheel`);
  expect(signIns).toEqual([]);
  await expect(page.getByTestId('account-balance')).toHaveCount(0);
});

test('an app token the server refuses is logged and the promotion still opens', async ({
  page,
  context,
  baseURL,
  problems,
}) => {
  problems.allow(/status of 401/);
  await context.addCookies([{ name: 'app_auth_token', value: 'revoked-or-forged', url: baseURL }]);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${FRAME}/en/mobile-app/spin-wheel`);
  await expect(page).toHaveURL(`${FRAME}/en/promotion/spin-wheel`);
  expect(warnings.some((text) => text.startsWith('Mobile app sign-in failed:'))).toBe(true);
  // The app cookie marks the app context: the visitor is offered the app's sign-in.
  const bar = page.getByRole('region', { name: 'Your account' });
  await expect(bar.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join now' })).toBeVisible();
});
