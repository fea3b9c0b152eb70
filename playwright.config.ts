import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, FIXED_CLOCK_PORT, FIXED_CLOCK_START } from './frame/e2e/fixed-clock.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

const PORT = E2E_PORT;

/** Both servers' settings (the ports aside). */
const SERVER_ENV = {
  HOST: '127.0.0.1',
  PGLITE_DATA_DIR: 'memory://',
  NODE_ENV: 'test',
  // The CDN the CMS tests point the config at (their requests are answered by the tests).
  CDN_ORIGINS: 'https://cdn.promo.test https://cdn-down.promo.test',
  // Rate limits count per client address, and every test comes from 127.0.0.1 (decision 017):
  // ten times the defaults, which are made for one player.
  RATE_LIMIT_SIGN_IN: '300',
  RATE_LIMIT_TOKEN: '3000',
  RATE_LIMIT_TELEMETRY: '6000',
  RATE_LIMIT_ACTIONS: '3000',
  // The tests check what the server renders; on a loaded runner, in development React, a page can
  // take past the default second, and would then be rendered in the browser instead (decision 039).
  RENDER_QUEUE_MAX: '64',
  RENDER_TIME_LIMIT_MS: '15000',
};

/** Debian's Chromium; Playwright never downloads a browser here. */
const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: './frame/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  // A page takes up to 3-5 s to its first heading on a loaded 2-core runner (two workers and the
  // server); the default 5 s made assertions on page loads flaky there.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording every test slowed the whole suite; a failure is recorded again on its retry.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [{ name: 'mobile', use: { ...devices['Pixel 7'], launchOptions: chromium } }],
  // The reference servers, each with a fresh in-memory database; Playwright stops them when the run ends.
  webServer: [
    {
      command: 'node server/src/main.ts',
      url: `http://127.0.0.1:${PORT}/healthz`,
      env: { ...SERVER_ENV, PORT: String(PORT) },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      // The screenshot tests' server (screenshots.spec.ts): its clock starts at a fixed instant, so
      // the seed's dates, draws and countdowns are the same in every run (server/src/testing-clock.ts).
      command: 'node --import ./server/src/testing-clock.ts server/src/main.ts',
      url: `http://127.0.0.1:${FIXED_CLOCK_PORT}/healthz`,
      env: { ...SERVER_ENV, PORT: String(FIXED_CLOCK_PORT), TEST_CLOCK_START: FIXED_CLOCK_START },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
  ],
});
