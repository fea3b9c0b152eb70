import type { FrameLocator, Page } from '@playwright/test';
import {
  expect,
  FRAME,
  navigateInApp,
  openBonusAsAppPlayer,
  openByNavigation,
  openCrossOriginDemo,
  openSameSiteDemo,
  type PlayerProfile,
  PROFILES,
  signInOnHost,
  test,
  withCdn,
} from './fixtures.ts';

test('a bonus page in Arabic: mirrored, with every block of its tree', async ({ page }) => {
  await page.goto(`${FRAME}/ar/bonus/welcome`);
  await expect(page.getByRole('heading', { level: 1, name: 'باقة الترحيب: ضاعف إيداعك الأول' })).toBeVisible();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    'ar',
    'rtl',
  ]);
  await expect(page.getByRole('timer', { name: 'ينتهي العرض خلال' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'مكافأة الإيداع الأول' })).toContainText('+100%');
  await expect(page.getByRole('region', { name: 'ثلاث خطوات إلى مكافأتك' }).getByRole('listitem')).toHaveCount(3);
  const rule = page.getByText('شروط الرهان');
  await rule.click();
  await expect(page.getByText('راهن بالمكافأة')).toBeVisible();
  // Mirrored: the hero's text starts at the right edge.
  const hero = await page.getByRole('heading', { level: 1 }).boundingBox();
  const viewport = page.viewportSize();
  expect((hero?.x ?? 0) + (hero?.width ?? 0)).toBeGreaterThan((viewport?.width ?? 0) * 0.8);
});

test('a landing page in Arabic by its id, with its promo banner; the banner page lists them all', async ({
  page,
  request,
}) => {
  const landing = await request.get(
    '/web-api/bonus-api/page?type=landing&slug=summer-cup&language=en&promotion_service_id=285',
  );
  const { id } = (await landing.json()) as { id: number };
  await page.goto(`${FRAME}/ar/landing-page/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'كأس الصيف' })).toBeVisible();
  await expect(page.getByRole('link', { name: /سحب يوم الحظ/ })).toHaveAttribute(
    'href',
    `${FRAME}/ar/promotion/luckyday`,
  );
  await page.getByRole('link', { name: 'شاهد الترتيب' }).click();
  await expect(page).toHaveURL(`${FRAME}/ar/promotion/champions-cup`);
  await page.goto(`${FRAME}/en/banner`);
  await expect(page.getByTestId('banners').getByRole('listitem')).toHaveCount(3);
});

test('a headless page has no site chrome and skips the block it does not know', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${FRAME}/en/headless/terms`);
  await expect(page.getByRole('heading', { level: 2, name: 'General bonus terms' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  expect(warnings).toContain('CMS block "feedback" (feedbackPoll) skipped: unknown block type');
});

test('unknown page types, unknown pages and pages that fail their validation hook are 404s', async ({
  page,
  problems,
}) => {
  problems.allow(/route error|Failed to load resource/);
  for (const path of ['/casino/welcome', '/bonus/no-such-page', '/landing-page/abc']) {
    await page.goto(`${FRAME}/en${path}`);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  }
  // A bonus page without its hero fails the bonus validation hook.
  await page.route('**/bonus-api/page/promotion/welcome?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({
      response,
      json: { ...body, blocks: body.blocks.filter((b: { type: string }) => b.type !== 'hero') },
    });
  });
  // Reached from another page: the browser asks for the page (the server's render is not intercepted).
  await openByNavigation(page, `${FRAME}/en/bonus/welcome`);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
});

test('CDN: CMS images move to the CDN when its version.json probe answers', async ({ page }) => {
  const cdn = 'https://cdn.promo.test';
  await withCdn(page, cdn);
  await page.route(`${cdn}/version.json`, (route) => route.fulfill({ json: { version: '1' } }));
  await page.route(`${cdn}/genfiles/**`, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
  // The config the browser loads when the language changes carries the CDN settings.
  await openByNavigation(page, `${FRAME}/en/bonus/welcome`, `${FRAME}/ru/blockPage`);
  await expect(page.locator('header img')).toHaveAttribute(
    'src',
    `${cdn}/genfiles/cms/promotions/desktop/welcome-hero.png`,
  );
});

test('CDN: a probe that fails or takes over a second leaves the images on the site', async ({ page, problems }) => {
  problems.allow(/Failed to load resource/);
  const cdn = 'https://cdn-down.promo.test';
  await withCdn(page, cdn);
  let probed = 0;
  await page.route(`${cdn}/version.json`, async () => {
    probed += 1;
    // Never answers: the 1 s time-out decides.
  });
  await openByNavigation(page, `${FRAME}/en/bonus/welcome`, `${FRAME}/ru/blockPage`);
  const hero = page.locator('header img');
  await expect(hero).toHaveAttribute('src', '/genfiles/cms/promotions/desktop/welcome-hero.png');
  await page.waitForTimeout(1500);
  await expect(hero).toHaveAttribute('src', '/genfiles/cms/promotions/desktop/welcome-hero.png');
  expect(probed).toBe(1);
});

/** The welcome page's money, in euros: the CMS writes 100, 10 and 50 dollars (0.92 euros per dollar). */
async function expectWelcomeInEuros(root: Page | FrameLocator): Promise<void> {
  await expect(root.getByRole('region', { name: 'First deposit bonus' })).toContainText('+100% up to €92');
  await expect(root.getByRole('region', { name: 'Three steps to your bonus' })).toContainText(
    'Top up with €9.20 or more.',
  );
  await expect(root.locator('article')).toContainText('Deposit €46 and you play with €92.');
  await expect(root.locator('article')).not.toContainText('$');
}

test('a euro player sees the bonus page, the banners and a landing in euros, not dollars', async ({
  page,
  baseURL,
  newPlayer,
}) => {
  const player = await newPlayer(PROFILES.euro);
  await openBonusAsAppPlayer(page, baseURL, player.appToken, 'welcome');
  await expectWelcomeInEuros(page);
  // In-app moves: a reload would forget the app's sign-in.
  await navigateInApp(page, '/en/banner');
  await expect(page.getByRole('link', { name: /Winter Hunt/ })).toContainText('Collect six gifts and win up to €690.');
  await navigateInApp(page, '/en/landing/summer-cup');
  await expect(page.getByText('Bet on the summer tournaments and share a €46,000 prize pool.')).toBeVisible();
});

test('a bonus page offered in two countries: a player from one sees it, a player from elsewhere gets the 404 page', async ({
  page,
  baseURL,
  newPlayer,
  problems,
}) => {
  problems.allow(/route error 404 This page is not offered in your country|status of 404/);
  const cases: Array<[PlayerProfile, string]> = [
    [PROFILES.emirates, 'Crypto boost'],
    [PROFILES.uk, '404'],
    [PROFILES.euro, '404'],
  ];
  for (const [profile, heading] of cases) {
    const player = await newPlayer(profile);
    await openBonusAsAppPlayer(page, baseURL, player.appToken, 'crypto-boost');
    await expect(page.getByRole('heading', { level: 1, name: heading }), profile.countryCode).toBeVisible();
    if (heading === '404') await expect(page.getByTestId('error-message')).toHaveText('This page could not be found');
  }
});

test('in the demo host: the bonus page turns to euros when a euro player signs in on the host', async ({
  page,
  newPlayer,
}) => {
  const player = await newPlayer(PROFILES.euro);
  // The same-site demo: the host's sign-in shares the session cookie with the frame.
  const frame = await openSameSiteDemo(page, `${FRAME}/en/bonus/welcome`);
  // A visitor sees the site's currency.
  await expect(frame.getByRole('region', { name: 'First deposit bonus' })).toContainText('+100% up to $100');
  await signInOnHost(page, frame, player.login);
  await expectWelcomeInEuros(frame);
});

test('in the demo host: a country the host names where the page is not offered turns it into the 404 page', async ({
  page,
  baseURL,
  problems,
}) => {
  problems.allow(/route error 404 This page is not offered in your country|status of 404/);
  const frame = await openCrossOriginDemo(page, baseURL, `${FRAME}/en/bonus/crypto-boost`);
  // A visitor from the site's region (Cyprus), where it is offered.
  await expect(frame.getByRole('heading', { level: 1, name: 'Crypto boost' })).toBeVisible();
  await page.getByLabel('Country').fill('GB');
  await page.getByRole('button', { name: 'Send update' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(frame.getByTestId('error-message')).toHaveText('This page could not be found');
  // The host is told, so it can show its own.
  await expect(page.locator('#message-log li[data-direction="in"][data-type="pageNotFound"]')).toHaveCount(1);
});
