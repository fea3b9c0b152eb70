import { expect, FRAME, test } from './fixtures.ts';

/** Fake app shells: each records what the frame hands to it. */
const SHELLS = {
  'Android bridge v1': () => {
    const sent: unknown[] = [];
    (window as unknown as { sent: unknown[] }).sent = sent;
    (window as unknown as { Android: object }).Android = {
      postMessage: (json: string) => sent.push(JSON.parse(json)),
    };
  },
  'Android bridge v2': () => {
    const sent: unknown[] = [];
    (window as unknown as { sent: unknown[] }).sent = sent;
    (window as unknown as { AndroidBridge: object }).AndroidBridge = {
      send: (type: string, json: string) => sent.push({ type, data: JSON.parse(json), v: 1 }),
    };
  },
  'iOS message handlers': () => {
    const sent: unknown[] = [];
    (window as unknown as { sent: unknown[] }).sent = sent;
    (window as unknown as { webkit: object }).webkit = {
      messageHandlers: { promoFrame: { postMessage: (message: unknown) => sent.push(message) } },
    };
  },
};

for (const [name, install] of Object.entries(SHELLS)) {
  test(`${name} receives init and a host navigation, and the page does not navigate itself`, async ({ page }) => {
    await page.addInitScript(install);
    await page.goto(`${FRAME}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
    const sent = () => page.evaluate(() => (window as unknown as { sent: Array<{ type: string }> }).sent);
    await expect.poll(async () => (await sent()).map((m) => m.type)).toContain('init');
    await page.getByRole('link', { name: 'Bonus rules' }).click();
    await expect
      .poll(async () => (await sent()).find((m) => m.type === 'bonus'))
      .toEqual({ type: 'bonus', data: { path: '/bonus/rules' }, v: 1 });
    await expect(page).toHaveURL(`${FRAME}/`);
  });
}

for (const [name, install] of Object.entries(SHELLS)) {
  test(`${name}: an unknown path is the error page, and the app gets init, pageNotFound and the height`, async ({
    page,
    problems,
  }) => {
    problems.allow(/status of 404|route error 404/);
    await page.addInitScript(install);
    await page.goto(`${FRAME}/en/no-such-page`);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    const sent = () => page.evaluate(() => (window as unknown as { sent: Array<{ type: string }> }).sent);
    await expect
      .poll(async () => (await sent()).map((m) => m.type))
      .toEqual(expect.arrayContaining(['init', 'pageNotFound', 'updateFrameHeight']));
    const notFound = (await sent()).filter((m) => m.type === 'pageNotFound');
    expect(notFound).toEqual([{ type: 'pageNotFound', data: { path: `${FRAME}/en/no-such-page` }, v: 1 }]);
  });
}

test('in a plain browser a host link is an ordinary link to the host site', async ({ page }) => {
  await page.goto(`${FRAME}/`);
  await expect(page.getByRole('link', { name: 'Promo store' })).toHaveAttribute('href', '/promo');
  expect(await page.evaluate(() => document.documentElement.dataset.host)).toBeUndefined();
});
