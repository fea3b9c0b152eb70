import type { Page, Request } from '@playwright/test';
import { expect, FRAME, test } from './fixtures.ts';

type Entry = Record<string, unknown> & { event: string };
type Sample = { kind: string; name: string; value: number; rating: string | null; path: string };

/** The frame's own dataLayer (the page is the frame, or the frame inside the demo host). */
const dataLayerOf = (page: Page) =>
  page.evaluate(() => ((window as { dataLayer?: Entry[] }).dataLayer ?? []).filter((entry) => 'event' in entry));

/** Every metrics batch the page posts from now on (fetch or beacon), as it went over the wire. */
function metricsPosts(page: Page): Sample[] {
  const samples: Sample[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/web-api/analytics/metrics')) {
      samples.push(...(JSON.parse(request.postData() ?? '{}').metrics ?? []));
    }
  });
  return samples;
}

/** What a tab switch does to a page: web-vitals and the destinations report on visibility hidden. */
const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

test('opening a page pushes a page view into the frame window dataLayer, and so does each navigation', async ({
  page,
}) => {
  await page.goto(`${FRAME}/`);
  const home = new URL(page.url()).pathname;
  await expect
    .poll(() => dataLayerOf(page), { timeout: 15_000 })
    .toContainEqual(expect.objectContaining({ event: 'page_view', path: home, source: 55 }));
  await page.getByRole('link', { name: 'Play lotteries' }).click();
  await expect(page).toHaveURL(/\/lotto$/);
  await expect
    .poll(() => dataLayerOf(page), { timeout: 10_000 })
    .toContainEqual(expect.objectContaining({ event: 'page_view', path: new URL(page.url()).pathname }));
  expect((await dataLayerOf(page)).filter((entry) => entry.event === 'page_view')).toHaveLength(2);
});

test('the page-not-found event reaches the dataLayer, the collector and the metrics service', async ({
  page,
  problems,
}) => {
  // The server answers an unknown path with 404 (and the page): the browser logs the status.
  problems.allow(/route error 404 This page could not be found|status of 404/);
  const samples = metricsPosts(page);
  const collected: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/web-api/analytics/events')) {
      collected.push(...(JSON.parse(request.postData() ?? '{}').events ?? []).map((e: { name: string }) => e.name));
    }
  });
  const path = `${FRAME}/en/no/such/page`;
  await page.goto(path);
  await expect
    .poll(() => dataLayerOf(page), { timeout: 15_000 })
    .toContainEqual(expect.objectContaining({ event: 'page_not_found', path }));
  await expect.poll(() => collected, { timeout: 15_000 }).toContain('page_not_found');
  await hidePage(page);
  await expect
    .poll(() => samples, { timeout: 15_000 })
    .toContainEqual(expect.objectContaining({ kind: 'event', name: 'page_not_found', value: 1 }));
});

test('the demo host receives the tag messages in its log and its own dataLayer', async ({ page, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-host/?path=${encodeURIComponent(`${FRAME}/en/promotion`)}`);
  const logged = page.locator('#message-log li[data-type="dataLayerPush"]');
  await expect(logged.first()).toBeAttached({ timeout: 15_000 });
  await expect(logged.first()).toContainText('"event":"page_view"');
  await expect(logged.first()).toContainText(`"path":"${FRAME}/en/promotion"`);
  const hostLayer = await page.evaluate(() => (window as { dataLayer?: Entry[] }).dataLayer ?? []);
  expect(hostLayer).toContainEqual(expect.objectContaining({ event: 'page_view', path: `${FRAME}/en/promotion` }));
  // The frame keeps its own copy too.
  const frame = page.frames().find((f) => f.url().includes('/promo-frame/'));
  const frameLayer = await frame?.evaluate(() => (window as { dataLayer?: Entry[] }).dataLayer ?? []);
  expect(frameLayer).toContainEqual(expect.objectContaining({ event: 'page_view' }));
});

test('web vitals and the frame timings reach the metrics service and are accepted', async ({ page }) => {
  const samples = metricsPosts(page);
  const accepted: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/web-api/analytics/metrics')) accepted.push(response.status());
  });
  await page.goto(`${FRAME}/en/promotion`);
  await expect(page.getByRole('listitem').first()).toBeVisible();
  // The measurements start a while after the first paint; web-vitals loads on its own chunk.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((e) => /\/web-vitals-[\w-]+\.js$/.test(e.name)),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  // web-vitals settles LCP on the player's first (trusted) input, and CLS when the page hides.
  await page.getByRole('heading', { level: 1 }).click();
  await hidePage(page);
  await expect
    .poll(() => samples.map((s) => s.name), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['LCP', 'CLS', 'TTFB', 'FCP', 'first_content']));
  const lcp = samples.find((s) => s.name === 'LCP');
  expect(lcp).toMatchObject({ kind: 'vital', path: `${FRAME}/en/promotion` });
  expect(lcp?.value).toBeGreaterThan(0);
  expect(samples.find((s) => s.name === 'CLS')?.value).toBeGreaterThanOrEqual(0);
  // The page came rendered (decision 022): its first content comes after the first byte; the
  // config it hydrates with is fetched once the page has painted (decision 023), after that byte.
  const ttfb = samples.find((s) => s.name === 'TTFB');
  const first = samples.find((s) => s.name === 'first_content');
  expect(first?.value).toBeGreaterThanOrEqual(ttfb?.value ?? 0);
  expect(samples.find((s) => s.name === 'config_load')?.value).toBeGreaterThan(ttfb?.value ?? 0);
  // The server took every batch (a beacon's answer may go unseen; none was refused).
  expect(accepted.every((status) => status === 202)).toBe(true);
});

test('a registration try from inside a host reaches the host tag manager, the collector and the metrics service', async ({
  page,
  baseURL,
}) => {
  const samples = metricsPosts(page);
  const collected: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/web-api/analytics/events')) {
      collected.push(...(JSON.parse(request.postData() ?? '{}').events ?? []).map((e: { name: string }) => e.name));
    }
  });
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-host/?path=${encodeURIComponent(`${FRAME}/en/promotion`)}`);
  await expect(page.locator('#frame-status')).toContainText('connected');
  const frame = page.frameLocator('#promo-frame');
  await frame.getByRole('region', { name: 'Your account' }).getByRole('button', { name: 'Register' }).click();
  await expect(page.locator('#message-log li[data-type="registration"]')).toHaveCount(1);
  await expect(
    page.locator('#message-log li[data-type="dataLayerPush"]', { hasText: '"registration_try"' }),
  ).toHaveCount(1, { timeout: 15_000 });
  await expect.poll(() => collected, { timeout: 15_000 }).toContain('registration_try');
  const inFrame = page.frames().find((f) => f.url().includes('/promo-frame/'));
  await inFrame?.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect
    .poll(() => samples, { timeout: 15_000 })
    .toContainEqual(expect.objectContaining({ kind: 'event', name: 'registration_try', value: 1 }));
});
