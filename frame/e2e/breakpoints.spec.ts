import type { FrameLocator } from '@playwright/test';
import { BREAKPOINTS } from '../src/shared/config/breakpoints.ts';
import { expect, FRAME, openCrossOriginDemo, test } from './fixtures.ts';

/**
 * Spec 9 screen widths: the CSS switches exactly at the widths the code names (decision 031). Each
 * check sits on both sides of its breakpoint, one CSS pixel apart.
 */

// A desktop window: a phone's viewport would zoom out to fit the page instead.
test.use({ isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('the root font is 15 px below the small-resolution width and 16 px from it', async ({ page }) => {
  await page.setViewportSize({ width: BREAKPOINTS.smallResolution - 1, height: 800 });
  await page.goto(`${FRAME}/en`);
  const fontSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  expect(await fontSize()).toBe('15px');
  await page.setViewportSize({ width: BREAKPOINTS.smallResolution, height: 800 });
  await expect.poll(fontSize).toBe('16px');
});

test('below the low-resolution width a promotion is one column, from it two', async ({ page }) => {
  await page.setViewportSize({ width: BREAKPOINTS.lowResolution - 1, height: 900 });
  await page.goto(`${FRAME}/en/promotion/double-chance`);
  const columns = () =>
    page.locator('article header').evaluate((hero) => getComputedStyle(hero).gridTemplateColumns.split(' ').length);
  expect(await columns()).toBe(1);
  await page.setViewportSize({ width: BREAKPOINTS.lowResolution, height: 900 });
  await expect.poll(columns).toBe(2);
});

test('the wheel grows at the laptop, desktop and full-HD widths', async ({ page }) => {
  await page.setViewportSize({ width: BREAKPOINTS.laptop - 1, height: 900 });
  await page.goto(`${FRAME}/en/promotion/spin-wheel`);
  const wheel = page.getByRole('region', { name: 'Your spins' }).locator('svg').first();
  const sizes: Array<[number, number]> = [];
  for (const width of [
    BREAKPOINTS.laptop - 1,
    BREAKPOINTS.laptop,
    BREAKPOINTS.desktop - 1,
    BREAKPOINTS.desktop,
    BREAKPOINTS.fullHd - 1,
    BREAKPOINTS.fullHd,
  ]) {
    await page.setViewportSize({ width, height: 900 });
    sizes.push([width, Math.round((await wheel.boundingBox())?.width ?? 0)]);
  }
  expect(sizes).toEqual([
    [1099, 352],
    [1100, 384],
    [1365, 384],
    [1366, 416],
    [1919, 416],
    [1920, 448],
  ]);
});

test('inside the demo host the frame lays out by its own width: one column on a phone, two on a desktop', async ({
  page,
  baseURL,
}) => {
  const columns = (frame: FrameLocator) =>
    frame.locator('article header').evaluate((hero) => getComputedStyle(hero).gridTemplateColumns.split(' ').length);
  await page.setViewportSize({ width: 320, height: 800 });
  let frame = await openCrossOriginDemo(page, baseURL, `${FRAME}/en/promotion/double-chance`);
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await columns(frame)).toBe(1);

  await page.setViewportSize({ width: 1366, height: 900 });
  frame = await openCrossOriginDemo(page, baseURL, `${FRAME}/en/promotion/double-chance`);
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  // The host gives the frame a column of its page: at least the low resolution wide on a desktop.
  const frameWidth = await page.locator('#promo-frame').evaluate((element) => element.clientWidth);
  expect(frameWidth).toBeGreaterThanOrEqual(BREAKPOINTS.lowResolution);
  await expect.poll(() => columns(frame)).toBe(2);
});
