import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, FIXED_CLOCK_PORT, FIXED_CLOCK_START } from './frame/e2e/fixed-clock.ts';
import { SERVER_ENV as E2E_SERVER_ENV } from './frame/e2e/servers.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

const PORT = E2E_PORT;

/** Both servers' settings (the ports aside): a fresh in-memory database each. */
const SERVER_ENV = { ...E2E_SERVER_ENV, PGLITE_DATA_DIR: 'memory://' };

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
