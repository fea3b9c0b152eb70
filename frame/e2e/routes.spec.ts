import type { Page } from '@playwright/test';
import { analyticsEvents, builtFrame, expect, FRAME, openCrossOriginDemo, test } from './fixtures.ts';

/** Chromium logs every 4xx document as a console error; unknown paths answer 404 on purpose. */
const NOT_FOUND_LOGS = /status of 404|route error 404/;

/** A build from master or main is production's (spec 9); any other branch's is local (decision 031). */
const production = builtFrame().backendEnvironment === 'production';

// Each test loads the frame (and most the demo host) afresh on a shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

/** The demo host on localhost with the frame (from 127.0.0.1, another origin) at `path`. */
const openInHost = openCrossOriginDemo;

const received = (page: Page, type: string) =>
  page.locator(`#message-log li[data-direction="in"][data-type="${type}"]`);

/** The data of the newest message of a type the host received. */
const lastData = (page: Page, type: string) =>
  received(page, type)
    .first()
    .evaluate((li) => JSON.parse(li.textContent?.replace(/^.*? in /, '') ?? '{}').data as Record<string, unknown>);

for (const path of [`${FRAME}/en/no-such-page`, `${FRAME}/no-such-page`, `${FRAME}/xyz/lotto`]) {
  test(`in a host, ${path} is the error page: init, height, pageNotFound and its title reach the host`, async ({
    page,
    baseURL,
    problems,
  }) => {
    problems.allow(NOT_FOUND_LOGS);
    const frame = await openInHost(page, baseURL, path);
    await expect(frame.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(frame.getByTestId('error-message')).toHaveText('This page could not be found');
    await expect(received(page, 'init')).toHaveCount(1);
    await expect(received(page, 'pageNotFound')).toHaveCount(1);
    expect(await lastData(page, 'pageNotFound')).toEqual({ path });
    // The splash's height and then the error page's: the host is never left with a 256 px box.
    await expect.poll(() => received(page, 'updateFrameHeight').count()).toBeGreaterThan(1);
    await expect.poll(async () => (await lastData(page, 'updateFrameHeight')).height).toBeGreaterThan(300);
    await expect.poll(async () => (await lastData(page, 'changeTitle')).title).toContain('404');
    await expect(page.locator('#frame-status')).toContainText('connected');
  });
}

test('in a host, the error page home control asks the host to open its home page', async ({
  page,
  baseURL,
  problems,
}) => {
  problems.allow(NOT_FOUND_LOGS);
  const frame = await openInHost(page, baseURL, `${FRAME}/en/no-such-page`);
  await frame.getByRole('link', { name: 'Go to home page' }).click();
  await expect(received(page, 'openHome')).toHaveCount(1);
  expect(await lastData(page, 'openHome')).toEqual({ path: '/' });
});

test('in a plain page, an unknown section answers 404, shows the error page and sends page_not_found once', async ({
  page,
  problems,
}) => {
  problems.allow(NOT_FOUND_LOGS);
  const events = analyticsEvents(page);
  const response = await page.goto(`${FRAME}/en/no-such-page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page).toHaveTitle('404 This page could not be found | Promotions and bonuses');
  await expect
    .poll(() => events.filter((e) => e.name === 'page_not_found').map((e) => e.payload.path), { timeout: 15_000 })
    .toEqual(['/promo-frame/en/no-such-page']);
  // The home control is a plain link without a host.
  await page.getByRole('link', { name: 'Go to home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
});

for (const [path, heading] of [
  [`${FRAME}/en/summer-cup`, 'Summer Cup'],
  [`${FRAME}/summer-cup`, 'Summer Cup'],
  [`${FRAME}/ru/summer-cup`, 'Летний кубок'],
  [`${FRAME}/ar/summer-cup`, 'كأس الصيف'],
] as const) {
  test(`the CMS section ${path} renders its page with status 200 and its own title`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${heading} \\| `));
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  });
}

test('in a host, betsonyour/cyber hands the player to the live section (betOnOwn)', async ({ page, baseURL }) => {
  const frame = await openInHost(page, baseURL, `${FRAME}/en/betsonyour/cyber`);
  await expect(frame.getByRole('heading', { level: 1, name: 'Bets on your own' })).toBeVisible();
  await expect(received(page, 'betOnOwn')).toHaveCount(1);
  expect(await lastData(page, 'betOnOwn')).toEqual({ path: '/betsonyour/live', section: 'live' });
  await expect(page.locator('#host-location')).toContainText('betOnOwn: /betsonyour/live');
});

test('in a plain page, betsonyour/{section} is a hand-off view with a real link', async ({ page }) => {
  await page.goto(`${FRAME}/en/betsonyour/cyber`);
  await expect(page).toHaveURL(`${FRAME}/en/betsonyour/live`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bets on your own' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the section' })).toHaveAttribute('href', '/betsonyour/live');
  await expect(page).toHaveTitle('Bets on your own | Promotions and bonuses');
});

for (const [path, title] of [
  [`${FRAME}/en/lotto`, 'World lotteries | Promotions and bonuses'],
  [`${FRAME}/en/lotto/results`, 'Latest results | Promotions and bonuses'],
  [`${FRAME}/en/promotion`, 'Promotions | Promotions and bonuses'],
  [`${FRAME}/en/promotion/spin-wheel`, /^.+ \| Promotions and bonuses$/],
  [`${FRAME}/en/landing/summer-cup`, 'Summer Cup | Promotions and bonuses'],
  [`${FRAME}/ru/lotto`, /^Лотереи мира \| /],
  [`${FRAME}/en`, 'Promotions and bonuses'],
] as const) {
  test(`in a host, ${path} sets document.title and sends changeTitle`, async ({ page, baseURL }) => {
    await openInHost(page, baseURL, path);
    // Another origin: the host cannot read the frame's document.title, which is why the message exists.
    await expect(received(page, 'changeTitle').first()).toBeAttached({ timeout: 20_000 });
    await expect.poll(async () => (await lastData(page, 'changeTitle')).title).toMatch(title);
  });
}

test('HEAD answers like GET on frame routes', async ({ request }) => {
  const paths = [
    `${FRAME}/`,
    `${FRAME}/en/lotto`,
    `${FRAME}/en/summer-cup`,
    `${FRAME}/en/betsonyour/live`,
    `${FRAME}/en/no-such-page`,
    `${FRAME}/en/a/b/c/d`,
    `${FRAME}/en/test-mobile-app`,
    `${FRAME}/new-api-demo`,
  ];
  const rows = [];
  for (const path of paths) {
    const get = await request.get(path);
    const head = await request.head(path);
    rows.push([path, get.status(), head.status(), head.headers()['content-type']]);
  }
  const missing = production ? /no-such-page|a\/b|test-mobile-app|new-api-demo/ : /no-such-page|a\/b/;
  expect(rows).toEqual(
    paths.map((path) => {
      const status = missing.test(path) ? 404 : 200;
      return [path, status, status, 'text/html; charset=utf-8'];
    }),
  );
});

for (const [tool, title] of [
  ['test-mobile-app', 'Host bridge simulator'],
  ['new-api-demo', 'API explorer'],
]) {
  if (production) {
    test(`the production build has no ${tool}: 404 page and status`, async ({ page, problems }) => {
      problems.allow(NOT_FOUND_LOGS);
      const response = await page.goto(`${FRAME}/en/${tool}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible({ timeout: 20_000 });
    });
  } else {
    test(`a build outside production has ${tool}`, async ({ page }) => {
      const response = await page.goto(`${FRAME}/en/${tool}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
    });
  }
}
