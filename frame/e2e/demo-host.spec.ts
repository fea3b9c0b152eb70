import { expect, test } from './fixtures.ts';

test('the demo host page on localhost embeds the frame from 127.0.0.1', async ({ page, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-host/`);
  await expect(page.locator('#frame-origin')).toHaveText(`http://127.0.0.1:${port}`);
  const frame = page.frameLocator('#promo-frame');
  await expect(frame.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
});

test('a page that is not on the allow-list cannot embed the frame', async ({ page, baseURL, problems }) => {
  problems.allow(/frame-ancestors/);
  await page.route('http://evil.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<iframe id="f" src="${baseURL}/promo-frame/"></iframe>`,
    }),
  );
  await page.goto('http://evil.test/');
  await expect.poll(() => page.frames().length).toBe(2);
  // Same iframe markup as the demo host, where the heading appears within a second.
  await page.waitForTimeout(2000);
  await expect(page.frameLocator('#f').getByRole('heading', { level: 1 })).toHaveCount(0);
});

test('host pages of other origins may import the SDK as the README shows; its source map stays private', async ({
  request,
}) => {
  // CORS and CORP are what let a module script of another origin load it (the browser's own
  // loopback rules keep a page test from doing it here).
  const sdk = await request.get('/host-sdk/host-sdk.js');
  expect(sdk.status()).toBe(200);
  expect(sdk.headers()['access-control-allow-origin']).toBe('*');
  expect(sdk.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  expect((await request.get('/host-sdk/host-sdk.js.map')).status()).toBe(404);
  // The frame's own assets stay same-origin only.
  const frameIndex = await request.get('/promo-frame/');
  expect(frameIndex.headers()['access-control-allow-origin']).toBeUndefined();
});
