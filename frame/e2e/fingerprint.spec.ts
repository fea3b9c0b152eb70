import type { Page } from '@playwright/test';
import { configPartUrl } from '@promo/contract';
import { analyticsEvents, expect, FRAME, openCrossOriginDemo, recordRequests, test } from './fixtures.ts';

/** Another path than the seeded one: only the config part names it. */
const OTHER_PATH = '/fingerprint/e2e/collector.js';

/**
 * The thirdparty config part names OTHER_PATH, and the reference server's script is served there:
 * a frame that loaded a fixed path would request /fingerprint/fingerprint.js instead.
 */
async function nameOtherPath(page: Page): Promise<void> {
  await page.route(`**${configPartUrl('thirdparty')}`, async (route) => {
    const part = await (await route.fetch()).json();
    await route.fulfill({ json: { ...part, fingerprintAppPath: OTHER_PATH } });
  });
  await page.route(`**${OTHER_PATH}`, async (route) => {
    const seeded = new URL('/fingerprint/fingerprint.js', route.request().url()).href;
    await route.fulfill({ response: await route.fetch({ url: seeded }) });
  });
}

const PLACES = [
  { where: 'in a plain browser', open: (page: Page) => page.goto(`${FRAME}/en/promotion`) },
  {
    where: 'inside the demo host, on another origin',
    open: (page: Page, baseURL: string | undefined) => openCrossOriginDemo(page, baseURL, `${FRAME}/en/promotion`),
  },
];

test.describe('the fingerprint script comes from the external app path of the site config', () => {
  for (const { where, open } of PLACES) {
    test(`${where}: the script requested is the one the thirdparty part names, and its token reaches the collector`, async ({
      page,
      baseURL,
    }) => {
      const named = recordRequests(page, OTHER_PATH);
      const seeded = recordRequests(page, '/fingerprint/fingerprint.js');
      const events = analyticsEvents(page);
      await nameOtherPath(page);
      await open(page, baseURL);
      // The page view goes to the collector with the token the script got from the server.
      await expect
        .poll(() => events.find((event) => event.name === 'page_view')?.payload.fingerprint, { timeout: 15_000 })
        .toMatch(/^[\w-]{8,}$/);
      expect(named.map((request) => new URL(request.url()).pathname)).toEqual([OTHER_PATH]);
      expect(seeded).toEqual([]);
    });
  }
});

test('a thirdparty part that does not load: the script is logged missing and the page and its analytics go on', async ({
  page,
  problems,
}) => {
  problems.allow(/status of 503/);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Fingerprint')) warnings.push(message.text());
  });
  const scripts = recordRequests(page, '.js');
  const events = analyticsEvents(page);
  await page.route(`**${configPartUrl('thirdparty')}`, (route) =>
    route.fulfill({ status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'unavailable' } }),
  );
  await page.goto(`${FRAME}/en/promotion`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => events.map((event) => event.name), { timeout: 15_000 }).toContain('page_view');
  expect(events.find((event) => event.name === 'page_view')?.payload.fingerprint).toBeUndefined();
  expect(warnings[0]).toMatch(/^Fingerprint script missing: the thirdparty config part names no app path:/);
  expect(scripts.filter((request) => new URL(request.url()).pathname.startsWith('/fingerprint/'))).toEqual([]);
});
