import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The UI library the frame is built with: React, as installed. */
const REACT_VERSION = (createRequire(import.meta.url)('react/package.json') as { version: string }).version;

/** Opens the demo host on localhost; the frame comes from 127.0.0.1 (another origin). */
async function openDemoHost(page: Page, baseURL: string | undefined) {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-host/`);
  const frame = page.frameLocator('#promo-frame');
  await expect(frame.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
  return { frame, frameOrigin: `http://127.0.0.1:${port}` };
}

const received = (page: Page, type: string) =>
  page.locator(`#message-log li[data-direction="in"][data-type="${type}"]`);

test('the host receives init and height messages, and the iframe takes the content height', async ({
  page,
  baseURL,
}) => {
  await openDemoHost(page, baseURL);
  await expect(received(page, 'init')).toHaveCount(1);
  // The build's spec 3 variables: project 285, the desktop site, the UI library (React) as installed,
  // the sprites directory.
  const init = await received(page, 'init').evaluate((li) =>
    JSON.parse(li.textContent?.replace(/^.*? in /, '') ?? '{}'),
  );
  expect(init.data).toMatchObject({
    protocol: 1,
    projectId: 285,
    projectType: 'Desktop',
    uiVersion: REACT_VERSION,
    spritesDir: '/genfiles/cms/sprites',
  });
  await expect(received(page, 'updateFrameHeight').first()).toBeAttached();
  // The log lists the newest message first: the splash's height comes before the page's.
  const lastReported = () =>
    received(page, 'updateFrameHeight')
      .first()
      .evaluate((li) => JSON.parse(li.textContent?.replace(/^.*? in /, '') ?? '{}').data.height as number);
  await expect.poll(lastReported).toBeGreaterThan(400);
  // The frame's content fits the iframe exactly once late parts (account bar, footer note) are
  // in: no inner scroll bar, no empty band.
  const mismatch = async () => {
    const iframeHeight = await page.locator('#promo-frame').evaluate((el) => el.getBoundingClientRect().height);
    const inner = await page
      .frameLocator('#promo-frame')
      .locator('#root')
      .evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
    return Math.abs(iframeHeight - inner);
  };
  await expect.poll(mismatch).toBeLessThanOrEqual(1);
});

test('the first height message leaves before any module has loaded: the server-rendered page, to the host only', async ({
  page,
  baseURL,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/promo-frame/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-host/`, { waitUntil: 'domcontentloaded' });
  await expect(received(page, 'updateFrameHeight')).toHaveCount(1);
  const splash = await received(page, 'updateFrameHeight')
    .first()
    .evaluate((li) => JSON.parse(li.textContent?.replace(/^.*? in /, '') ?? '{}').data.height as number);
  expect(splash).toBeGreaterThan(200);
  // The page the server rendered, already there and measured by the inline script: its own
  // height, not the iframe's viewport fed back (the SDK starts the iframe at 600).
  const frameNow = page.frameLocator('#promo-frame');
  await expect(frameNow.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
  const pageBox = await frameNow.locator('#root').evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
  expect(splash).toBe(pageBox);
  // The host sized the iframe to the page; no script of the frame has run.
  await expect
    .poll(() => page.locator('#promo-frame').evaluate((el) => Math.round(el.getBoundingClientRect().height)))
    .toBe(splash);
  await expect(received(page, 'init')).toHaveCount(0);
  release();
  const frame = page.frameLocator('#promo-frame');
  await expect(frame.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
  await expect(received(page, 'init')).toHaveCount(1);
});

test('a height change settles: no resize loop between host and frame', async ({ page, baseURL }) => {
  await openDemoHost(page, baseURL);
  await page.waitForTimeout(1500);
  const count = await received(page, 'updateFrameHeight').count();
  await page.waitForTimeout(1500);
  expect(await received(page, 'updateFrameHeight').count()).toBe(count);
  // One message per height the page passes through while it loads (splash, shell, content, late
  // config parts: 6 were seen on a loaded runner); a resize loop sends dozens a second.
  expect(count).toBeLessThan(10);
});

test('a config update from the host switches the frame to the RTL language and back', async ({ page, baseURL }) => {
  const { frame } = await openDemoHost(page, baseURL);
  await page.getByLabel('Language').selectOption('ar');
  await page.getByRole('button', { name: 'Send update' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'العب أكثر، اربح أكثر' })).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('Language').selectOption('en');
  await page.getByLabel('Theme').selectOption('light');
  await page.getByRole('button', { name: 'Send update' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'light');
  // Switching language reloads the config but does not reconnect: still one handshake.
  await expect(received(page, 'init')).toHaveCount(1);
});

test('hostile messages change nothing', async ({ page, baseURL }) => {
  const { frame, frameOrigin } = await openDemoHost(page, baseURL);
  const hostile: unknown[] = [
    null,
    undefined,
    42,
    'updateSiteConfig',
    ['updateSiteConfig', { theme: 'light' }],
    {},
    { type: 'updateSiteConfig' },
    { type: 'updateSiteConfig', data: { theme: 'light' } },
    { type: 'updateSiteConfig', data: { theme: 'light' }, v: 2 },
    { type: 'updateSiteConfig', data: { theme: 'light' }, v: '1' },
    { type: 'UPDATESITECONFIG', data: { theme: 'light' }, v: 1 },
    { type: 'updateSiteConfigX', data: { theme: 'light' }, v: 1 },
    { type: 'openHome', data: { path: '/' }, v: 1 },
    { type: 'updateSiteConfig', data: { theme: 'neon' }, v: 1 },
    { type: 'updateSiteConfig', data: { currentLanguage: 'english' }, v: 1 },
    { type: 'updateSiteConfig', data: { currentLanguage: 'ar'.repeat(5000) }, v: 1 },
    { type: 'updateSiteConfig', data: { userId: 'admin' }, v: 1 },
    { type: 'updateSiteConfig', data: { timeZone: 1e9 }, v: 1 },
    { type: 'updateSiteConfig', data: 'theme=light', v: 1 },
    { type: 'x'.repeat(100_000), data: {}, v: 1 },
    JSON.parse('{"__proto__":{"theme":"light"},"type":"updateSiteConfig","v":1,"data":{}}'),
    JSON.parse('{"type":"updateSiteConfig","v":1,"data":{"__proto__":{"currentLanguage":"ar"}}}'),
  ];
  const results = await page.evaluate(
    async ({ messages, origin }) => {
      const target = (document.getElementById('promo-frame') as HTMLIFrameElement).contentWindow;
      if (!target) throw new Error('no frame');
      for (const message of messages) target.postMessage(message, origin);
      return messages.length + 1;
    },
    { messages: hostile, origin: frameOrigin },
  );
  // The same valid update from a window that is not the parent: a sibling frame of the host page.
  await page.evaluate(() => {
    const sibling = document.createElement('iframe');
    sibling.src = '/healthz';
    document.body.append(sibling);
  });
  await expect.poll(() => page.frames().some((f) => f.url().endsWith('/healthz'))).toBe(true);
  const sibling = page.frames().find((f) => f.url().endsWith('/healthz'));
  await sibling?.evaluate((origin) => {
    const frame = parent.document.getElementById('promo-frame') as HTMLIFrameElement;
    frame.contentWindow?.postMessage(
      { type: 'updateSiteConfig', data: { currentLanguage: 'ar', theme: 'light' }, v: 1 },
      origin,
    );
  }, frameOrigin);
  expect(results + 1).toBeGreaterThanOrEqual(20);
  await page.waitForTimeout(1000);
  await expect(frame.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Positive control: the same update from the real parent does apply.
  await page.evaluate(
    ({ origin }) =>
      (document.getElementById('promo-frame') as HTMLIFrameElement).contentWindow?.postMessage(
        { type: 'updateSiteConfig', data: { theme: 'light' }, v: 1 },
        origin,
      ),
    { origin: frameOrigin },
  );
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('a host link inside the frame navigates the host, not the frame', async ({ page, baseURL }) => {
  const { frame } = await openDemoHost(page, baseURL);
  await expect(page.locator('#frame-status')).toContainText('connected (protocol 1');
  await frame.getByRole('link', { name: 'Promo store' }).click();
  await expect(page.locator('#host-location')).toHaveText('promoStore: /promo');
  await expect(frame.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
});

test('a navigation inside the frame tells the host the new path and scrolls the host page up', async ({
  page,
  baseURL,
}) => {
  const { frame } = await openDemoHost(page, baseURL);
  await expect(page.locator('#frame-status')).toContainText('connected');
  await expect(received(page, 'popstateRouteChange')).toHaveCount(0);
  await frame.getByRole('link', { name: 'Play lotteries' }).click();
  await expect(received(page, 'popstateRouteChange')).toHaveCount(1);
  await expect(received(page, 'popstateRouteChange')).toContainText(
    '{"type":"popstateRouteChange","data":{"path":"/lotto"},"v":1}',
  );
  await expect(received(page, 'scrollToTop')).toHaveCount(1);
});

test("the footer names the host's time zone with cities from GetTimezones", async ({ page, baseURL }) => {
  const { frame } = await openDemoHost(page, baseURL);
  await expect(frame.getByText(/Times are shown in/)).toContainText('UTC+03:00 (');
  await page.locator('#config-form input[name="timeZone"]').fill('5.5');
  await page.locator('#config-form').getByRole('button', { name: 'Send update' }).click();
  await expect(frame.getByText(/Times are shown in/)).toContainText('UTC+05:30 (Kolkata)');
});
