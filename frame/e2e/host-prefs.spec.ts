import {
  demoUser,
  expect,
  FRAME,
  openCrossOriginDemo,
  openSameSiteDemo,
  recordRequests,
  shownBalance,
  signInOnHost,
  test,
} from './fixtures.ts';

const DOUBLE_CHANCE = `${FRAME}/en/promotion/double-chance`;

test('host cookies set the clock, theme and odds format; an updateSiteConfig switches them', async ({
  page,
  context,
  baseURL,
}) => {
  // What the host site writes for its own pages: 12-hour clock, light theme, fractional odds, UTC+3.
  await context.addCookies(
    Object.entries({ is12h: '1', app_theme: 'light', coef_view: '1', tzo: '3' }).map(([name, value]) => ({
      name,
      value,
      url: baseURL,
    })),
  );
  const frame = await openSameSiteDemo(page, DOUBLE_CHANCE);
  await expect(frame.getByRole('heading', { level: 1, name: 'Double Chance' })).toBeVisible();
  // Support runs 06:00-21:00 UTC: 9 AM to midnight in UTC+3.
  await expect(frame.getByTestId('support-hours')).toHaveText('Live support every day, 9:00 AM–12:00 AM');
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(frame.getByText('Each leg must be priced at 3/10 or more.')).toBeVisible();

  // The host changes its mind: 24-hour clock, American odds, dark theme, UTC+0.
  const form = page.locator('#config-form');
  await form.getByLabel('Clock').selectOption('0');
  await form.getByLabel('Odds format').selectOption('2');
  await form.getByLabel('Theme').selectOption('dark');
  await form.getByLabel('Time zone').fill('0');
  await form.getByRole('button', { name: 'Send update' }).click();
  await expect(frame.getByTestId('support-hours')).toHaveText('Live support every day, 06:00–21:00');
  await expect(frame.getByText('Each leg must be priced at -333 or more.')).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('bad host cookies are ignored: the spec defaults stay', async ({ page, context, baseURL }) => {
  await context.addCookies(
    Object.entries({ is12h: 'yes', app_theme: 'neon', coef_view: 'american', tzo: '99' }).map(([name, value]) => ({
      name,
      value,
      url: baseURL,
    })),
  );
  const frame = await openSameSiteDemo(page, DOUBLE_CHANCE);
  await expect(frame.getByTestId('support-hours')).toHaveText('Live support every day, 09:00–00:00');
  await expect(frame.getByText('Each leg must be priced at 1.30 or more.')).toBeVisible();
  // The site's own default theme (uiStyle.defaultTheme).
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a signed-in player stays signed in when the host reloads or re-renders the frame', async ({ page }) => {
  test.setTimeout(90_000);
  const frame = await openSameSiteDemo(page);
  const bar = frame.getByRole('region', { name: 'Your account' });
  await signInOnHost(page, frame);
  // demo.player's balance, as seeded.
  const balance = shownBalance(demoUser('demo.player'));
  await expect(bar.getByTestId('account-balance')).toHaveText(balance);
  const checks = recordRequests(page, '/web-api/api/internal/v1/sessions/user');

  // A reload of the same frame URL (what a chunk-load failure does).
  await page.locator('#promo-frame').evaluate((iframe: HTMLIFrameElement) => iframe.contentWindow?.location.reload());
  // The reloaded frame has started (its own session check) before its balance is read.
  await expect.poll(() => checks.length).toBeGreaterThanOrEqual(1);
  await expect(bar.getByTestId('account-balance')).toHaveText(balance);
  await expect(bar.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

  // A new frame URL, as a host that re-renders its iframe for another page.
  await page.locator('#promo-frame').evaluate((iframe: HTMLIFrameElement) => {
    iframe.src = new URL('/promo-frame/en/promotion/double-chance', iframe.src).href;
  });
  await expect(frame.getByRole('heading', { level: 1, name: 'Double Chance' })).toBeVisible();
  await expect(bar.getByTestId('account-balance')).toHaveText(balance);
  await expect(bar.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  // The frame asked the server itself on each start, not only the host.
  await expect.poll(() => checks.length).toBeGreaterThanOrEqual(2);
});

test('the footer shows the licence, support hours, the responsible-gaming notice and the topics', async ({ page }) => {
  const frame = await openSameSiteDemo(page);
  // The init message carries the build's version, never "dev", and its build-time variables.
  await expect(page.locator('#frame-status')).toHaveText(
    /^connected \(protocol \d+, 0\.1\.0\+\w+; project 285 Desktop, UI \d+\.\d+\.\d+, sprites \/genfiles\/cms\/sprites\)$/,
  );
  const footer = frame.getByRole('contentinfo');
  await expect(footer.getByTestId('licence')).toHaveText(
    'Licensed by Curaçao Gaming Control Board, licence no. 8048/JAZ2016-050. Check the licence',
  );
  await expect(footer.getByRole('link', { name: 'Check the licence' })).toHaveAttribute(
    'href',
    'https://cert.gcb.cw/certificate?id=8048',
  );
  await expect(footer.getByTestId('support-hours')).toHaveText('Live support every day, 09:00–00:00');
  await expect(footer.getByTestId('responsible-gaming')).toContainText(
    '18+ only. Gambling can be addictive: play responsibly.',
  );
  const topics = footer.getByRole('navigation', { name: 'Information topics' });
  await expect(topics.getByRole('link')).toHaveText(['Rules', 'Bonuses', 'Questions and answers']);
  const rules = footer.getByRole('navigation', { name: 'Rules' });
  await expect(rules.getByRole('link')).toHaveText(['Terms and conditions', 'Privacy policy', 'Responsible gaming']);
  // Footer links are host pages: the host is asked to open them.
  await rules.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.locator('#host-location')).toHaveText('information: /information/privacy');
  await footer.getByRole('link', { name: 'Set your limits' }).click();
  await expect(page.locator('#host-location')).toHaveText('office: /office/account');
});

test('a forced mobile view (cookie or updateSiteConfig) gives the one-column layout on a wide screen', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const columns = (frame: ReturnType<typeof page.frameLocator>) =>
    frame.locator('article header').evaluate((hero) => getComputedStyle(hero).gridTemplateColumns.split(' ').length);
  // The host's message, across origins.
  let frame = await openCrossOriginDemo(page, baseURL, DOUBLE_CHANCE);
  await expect(frame.getByRole('heading', { level: 1, name: 'Double Chance' })).toBeVisible();
  expect(await columns(frame)).toBe(2);

  const form = page.locator('#config-form');
  await form.getByLabel('View').selectOption('1');
  await form.getByRole('button', { name: 'Send update' }).click();
  await expect(frame.locator('html')).toHaveAttribute('data-view', 'mobile');
  expect(await columns(frame)).toBe(1);
  await form.getByLabel('View').selectOption('0');
  await form.getByRole('button', { name: 'Send update' }).click();
  await expect(frame.locator('html')).not.toHaveAttribute('data-view', 'mobile');
  expect(await columns(frame)).toBe(2);

  // The host's view-type cookie does the same from the first paint (a cookie of the host's own site).
  await context.addCookies([{ name: 'view_type', value: 'mobile', url: baseURL }]);
  frame = await openSameSiteDemo(page, DOUBLE_CHANCE);
  await expect(frame.locator('html')).toHaveAttribute('data-view', 'mobile');
  expect(await columns(frame)).toBe(1);
});

test('a visitor from a country the host names where tournaments are not offered is told so before signing in', async ({
  page,
  baseURL,
}) => {
  const frame = await openCrossOriginDemo(page, baseURL, `${FRAME}/en/promotion/daily-tournament`);
  const leaderboard = frame.getByRole('region', { name: 'Leaderboard' });
  await expect(leaderboard.getByText('Sign in to take part and see your place.')).toBeVisible();
  const form = page.locator('#config-form');
  await form.getByLabel('Country').fill('GB');
  await form.getByRole('button', { name: 'Send update' }).click();
  await expect(leaderboard.getByRole('status')).toHaveText('Tournaments are not available in your country.');
  await expect(leaderboard.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await form.getByLabel('Country').fill('CY');
  await form.getByRole('button', { name: 'Send update' }).click();
  await expect(leaderboard.getByText('Sign in to take part and see your place.')).toBeVisible();
});
