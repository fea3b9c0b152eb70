/**
 * The test servers' ports (playwright.config.ts starts them): the main one, the offline dev
 * server of offline-dev.spec.ts next to it, and the screenshot tests' server after that, with the
 * instant its clock starts at (server/src/testing-clock.ts). A Wednesday at 10:00 UTC, so a whole
 * test run stays inside one day and far from the draws of the evening.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8186);
export const OFFLINE_DEV_PORT = E2E_PORT + 1;
export const FIXED_CLOCK_PORT = E2E_PORT + 2;
export const FIXED_CLOCK_START = '2030-01-02T10:00:00Z';
