import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { OFFLINE_DEV_PORT } from './fixed-clock.ts';
import { demoUser, expect, shownBalance, test } from './fixtures.ts';

/**
 * Issue 24: the frame's dev server in offline mode (`npm run dev:offline`) shows the pages from the
 * recorded, contract-checked answers, signed in as the recorded player, with no server behind it:
 * every API answer comes from the service worker, and an action (which nothing recorded) is refused
 * with a message saying why. The spec starts the dev server on loopback and stops it.
 */
const PORT = OFFLINE_DEV_PORT;
const OFFLINE = `http://127.0.0.1:${PORT}/promo-frame`;

let devServer: ViteDevServer | undefined;
test.beforeAll(async () => {
  devServer = await createServer({
    root: fileURLToPath(new URL('..', import.meta.url)),
    mode: 'offline',
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: PORT, strictPort: true },
  });
  await devServer.listen();
});
test.afterAll(async () => {
  await devServer?.close();
});

test('offline dev server: a promotion and the lotteries read as recorded, signed in; taking part is refused offline', async ({
  page,
  problems,
}) => {
  test.setTimeout(90_000);
  // The refused action's answer is a 403, which the browser logs.
  problems.allow(/status of 403/);
  const answers: Array<{ url: string; fromWorker: boolean }> = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/^\/(web-api|promo-frame\/bff-api)\//.test(pathname)) {
      answers.push({ url: pathname, fromWorker: response.fromServiceWorker() });
    }
  });
  await page.goto(`${OFFLINE}/en/promotion/spin-wheel`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spin the Wheel', { timeout: 30_000 });
  // The recorded player is demo.player (scripts/record-offline-api.ts), with its seeded balance.
  await expect(page.getByRole('region', { name: 'Your account' }).getByTestId('account-balance')).toHaveText(
    shownBalance(demoUser('demo.player')),
  );
  const wheel = page.getByRole('region', { name: 'Your spins' });
  await wheel.getByRole('button', { name: 'Take part' }).click();
  await expect(page.getByText(/Offline mode: the dev server has no reference server behind it/)).toBeVisible();

  // A new page load: the service worker, already in place, answers from the first request on. The
  // dev server compiles the lotteries' modules on this first visit, as it did the promotion's.
  await page.goto(`${OFFLINE}/en/lotto`);
  await expect(page.getByRole('heading', { level: 1, name: 'World lotteries' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="lottery-list"] > li[data-code]').first()).toBeVisible();

  expect(answers.length).toBeGreaterThan(5);
  expect(answers.filter((answer) => !answer.fromWorker)).toEqual([]);
});
