import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { waitForContent } from './crushed.ts';
import { FIXED_CLOCK_PORT, FIXED_CLOCK_START } from './fixed-clock.ts';
import { expect, FRAME, navigateInApp, openAsAppUser, test } from './fixtures.ts';
import { PAGE_TYPES, type PageType } from './layout-pages.ts';

/**
 * Each page type as a person sees it, compared with its approved screenshot (issue 37): at 320, 768
 * and 1366 px, in English and in Arabic. The approved images are committed beside this file
 * (screenshots.spec.ts-snapshots/); a change to them is reviewed like code, and a failing run keeps
 * the expected, actual and diff images in test-results/. `npx playwright test screenshots
 * --update-snapshots` writes new ones after a deliberate change of the pages' looks.
 *
 * Stable by construction: the server's clock starts at a fixed instant (its own server, see
 * fixed-clock.ts), and the browser's clock is paused at a fixed instant before each picture, so
 * every countdown, date and draw reads the same in every run. What is random by design (the lucky
 * draw's winners, drawn from a fresh seed at each start) is masked.
 */

test.use({
  baseURL: `http://127.0.0.1:${FIXED_CLOCK_PORT}`,
  // A desktop window of each width; one context per width, its pages one after another.
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
  timezoneId: 'UTC',
  locale: 'en-US',
  trace: 'off',
  // The pictures' own stylesheet (screenshots.css) is an inline style the frame's CSP refuses;
  // the CSP has tests of its own (server and end to end).
  bypassCSP: true,
});

const WIDTHS = [320, 768, 1366];
const LANGUAGES = ['en', 'ar'] as const;
/**
 * The browser's clock stands still at the instant the server's starts from: each countdown, once it
 * has ticked, reads the same whatever second of the run the picture is taken at, and the server's
 * session tokens (15 minutes from its own, later, time) are valid in the browser's eyes.
 */
const BROWSER_TIME = Date.parse(FIXED_CLOCK_START);

/** The visitor's pages first; then the app player's, once signed in (a sign-in stays). */
const ORDERED: PageType[] = [...PAGE_TYPES.filter((type) => !type.appToken), ...PAGE_TYPES.filter((t) => t.appToken)];

/** Random by design in every run: the numbers drawn, the lucky draw's winners and its proof. */
const masks = (page: Page) => [
  page.locator('ul[class*="_balls_"]'),
  page.getByTestId('lucky-winners'),
  page.locator('details:has(dd)'),
];

const fileName = (type: PageType, language: string, width: number) =>
  `${type.name.replace(/[^a-z0-9]+/gi, '-')}-${language}-${width}.png`;

for (const width of WIDTHS) {
  test(`every page type at ${width} px, in English and Arabic, looks as approved`, async ({
    page,
    baseURL,
    problems,
  }) => {
    test.setTimeout(180_000);
    problems.allow(/route error|status of 404/);
    await page.setViewportSize({ width, height: 900 });
    // Date stands still; timers run, so a countdown's next tick shows the fixed time's values (the
    // comparison retries until the page matches, or its time is up).
    await page.clock.setFixedTime(BROWSER_TIME);
    let signedIn = false;
    let shot = 0;
    const picture = async (name: string) => {
      shot += 1;
      // Soft: one run compares every picture, and a change shows all its differences at once.
      await expect.soft(page).toHaveScreenshot(name, {
        animations: 'disabled',
        caret: 'hide',
        mask: masks(page),
        // What is random or transient that a mask cannot cover (screenshots.css says what).
        stylePath: fileURLToPath(new URL('./screenshots.css', import.meta.url)),
      });
    };
    for (const type of ORDERED) {
      if (type.appToken && !signedIn) {
        await openAsAppUser(page, baseURL, type.appToken, 'bonus200');
        signedIn = true;
      }
      if (shot === 0) await page.goto(`${FRAME}${type.path}`);
      else await navigateInApp(page, type.path);
      await expect(type.ready(page)).toBeVisible({ timeout: 15_000 });
      await waitForContent(page);
      await picture(fileName(type, 'en', width));
      await navigateInApp(page, type.path.replace(/^\/en(?=\/|$)/, '/ar'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await waitForContent(page);
      await picture(fileName(type, 'ar', width));
    }
    expect(shot).toBe(ORDERED.length * LANGUAGES.length);
  });
}
