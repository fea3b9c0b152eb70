import { PROMO_REGISTRY } from '@promo/contract';
import { expect, FRAME, test } from './fixtures.ts';

/** The registry in slices: each slice is a test of its own, so the slices share the workers and time out alone. */
const SLICE = 10;
for (let start = 0; start < PROMO_REGISTRY.length; start += SLICE) {
  const slice = PROMO_REGISTRY.slice(start, start + SLICE);
  test(`registry names ${start + 1}-${start + slice.length} resolve to pages that render without console errors`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const failures: string[] = [];
    for (const entry of slice) {
      await page.goto(`${FRAME}/en/promotion/${entry.name}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading, entry.name).toBeVisible();
      if ((await heading.textContent())?.trim() === '') failures.push(`${entry.name}: empty title`);
      // Time-limited promos of the spec all ended before today; long-term ones are running.
      const ended = await page.getByText('This promotion has ended').isVisible();
      if (ended === entry.isLongTerm) failures.push(`${entry.name}: ended=${ended}`);
    }
    expect(failures).toEqual([]);
  });
}

test('an ended promotion says so with its end date and a way to the running ones', async ({ page }) => {
  await page.goto(`${FRAME}/en/promotion/fast-games`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fast Games Tournament');
  const status = page.getByRole('status').filter({ hasText: 'This promotion has ended' });
  await expect(status).toContainText('Ended on 20.06.2025');
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Prizes' }).getByRole('cell', { name: '1', exact: true }),
  ).toBeVisible();
  await status.getByRole('link', { name: 'All promotions' }).click();
  await expect(page).toHaveURL(`${FRAME}/en`);
});

test('a running tournament counts down and shows its prize fund', async ({ page }) => {
  await page.goto(`${FRAME}/en/promotion/champions-cup`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Champions Cup');
  const timer = page.getByRole('timer', { name: 'Ends in' });
  await expect(timer).toBeVisible();
  const seconds = () => timer.locator('li').nth(3).locator('span').first().textContent();
  const first = await seconds();
  await expect.poll(seconds, { timeout: 3000 }).not.toBe(first);
  await expect(page.getByText('$9,100.00')).toBeVisible();
  // A visitor in a plain browser is sent to the host's betting section by a real link.
  await expect(page.getByRole('link', { name: 'Place a bet' })).toHaveAttribute('href', '/line');
});

test('numeric ids and aliases open the same page; RTL layout mirrors', async ({ page }) => {
  await page.goto(`${FRAME}/ar/promotion/138`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أدر العجلة');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto(`${FRAME}/en/promotion/super-wheel`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spin the Wheel');
});

test('unknown promotions are the 404 page, whether the frame or the server does not know them', async ({
  page,
  problems,
}) => {
  problems.allow(/route error StatusError|status of 404/);
  for (const name of ['no-such-promo-at-all', 'unknown-page', '99999']) {
    await page.goto(`${FRAME}/en/promotion/${name}`);
    await expect(page.getByTestId('error-message'), name).toHaveText('This page could not be found');
  }
});

test('inside a host, a visitor is asked to register; the host gets the registration message', async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-host/?path=/promo-frame/en/promotion/champions-cup`);
  const frame = page.frameLocator('#promo-frame');
  await frame.getByRole('button', { name: 'Join now' }).click();
  await expect(page.locator('#message-log li[data-direction="in"][data-type="registration"]')).toHaveCount(1);
});
