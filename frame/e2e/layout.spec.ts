import type { Page } from '@playwright/test';
import { expect, FRAME, navigateInApp, openAsAppUser, test } from './fixtures.ts';
import { openPageType, PAGE_TYPES } from './layout-pages.ts';

/** Spec 9 layout: no page scrolls sideways at any width, and nothing moves once painted. */

// No trace: its snapshot of each of the 161 resizes made one walk take a minute.
test.use({ trace: 'off' });

const WIDTHS = Array.from({ length: (1920 - 320) / 10 + 1 }, (_, i) => 320 + i * 10);

/** How far the document scrolls sideways at the current width (0: not at all). */
const excess = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

/** The deepest element that sticks out of the viewport (said in the failure, to find the rule). */
const culprit = () => {
  const width = document.documentElement.clientWidth;
  let found = '';
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)) {
      found = `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`;
    }
  }
  return found;
};

/**
 * Resizes through the DevTools protocol directly: Playwright's own resize waits for extra frames
 * and made one walk of 161 widths take 20-60 s on the shared test machine.
 */
async function walkWidths(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const failing: string[] = [];
  for (const width of WIDTHS) {
    await cdp.send('Emulation.setDeviceMetricsOverride', { width, height: 800, deviceScaleFactor: 1, mobile: false });
    const over = await page.evaluate(excess);
    if (over > 0) failing.push(`${width}: ${over}px${failing.length < 6 ? ` (${await page.evaluate(culprit)})` : ''}`);
  }
  await cdp.detach();
  return failing;
}

test.describe('no horizontal overflow from 320 to 1920 px', () => {
  // A desktop window: a phone's viewport would zoom out to fit what overflows instead of scrolling.
  test.use({ isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  for (const type of PAGE_TYPES) {
    test(type.name, async ({ page, baseURL, problems }) => {
      if (type.logs) problems.allow(type.logs);
      test.setTimeout(60_000);
      await page.setViewportSize({ width: 320, height: 800 });
      await openPageType(page, baseURL, type);
      const failing = await walkWidths(page);
      expect(failing, `${type.name} overflows at these widths`).toEqual([]);
    });
  }
});

/** Sums every layout shift not caused by input, from the start of the document (buffered). */
function watchShifts(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
      >) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const nodes = (entry.sources ?? []).map((s) => {
          const el = s.node as Element | undefined;
          return el?.tagName ? `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}` : '#text';
        });
        w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(' ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });

test.describe('no layout shift on the phone', () => {
  for (const type of PAGE_TYPES) {
    test(type.name, async ({ page, baseURL, problems }) => {
      if (type.logs) problems.allow(type.logs);
      await watchShifts(page);
      if (type.appToken) {
        await openAsAppUser(page, baseURL, type.appToken, 'bonus200');
        // Through a page of another kind: a script-driven move between two promotions has no user
        // input, so the nodes the two pages share would count as shifted.
        await navigateInApp(page, '/en/promotion');
        await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        // The page under test starts here: the shifts of the sign-in landing are not its own.
        await page.evaluate(() => {
          const w = window as unknown as { __cls: number; __shifts: string[] };
          w.__cls = 0;
          w.__shifts = [];
        });
        await navigateInApp(page, type.path);
        await expect(type.ready(page)).toBeVisible({ timeout: 15_000 });
      } else {
        await openPageType(page, baseURL, type);
      }
      await page.waitForLoadState('networkidle');
      // Late work (chunks of widgets, the footer's time zone, web fonts) gets a moment to land.
      await page.waitForTimeout(500);
      expect(await shifts(page)).toEqual({ cls: 0, shifts: [] });
    });
  }
});

/**
 * Lists whose message when the whole server is down is not already the section matrix's
 * (faults.spec.ts: the lotteries on sale, their results and the tournament leaderboard, one API down
 * at a time): the player's tickets and the promotions index.
 */
const LISTS = [
  {
    name: 'lottery tickets',
    path: '/en/lotto/tickets',
    alert: 'Could not load your tickets.',
    ready: '[data-testid="lotto-ticket"]',
    appToken: 'demo-app-token-player',
  },
  { name: 'promotions index', path: '/en/promotion', alert: 'The promotions could not be loaded.', ready: 'li a' },
];

test.describe('server down: the lists without a section test of their own say so and retry', () => {
  for (const list of LISTS) {
    test(list.name, async ({ page, baseURL, problems }) => {
      problems.allow(/Failed to load resource/);
      // The list is reached from another page: its data is the browser's to fetch (on a first
      // load it comes rendered with the page).
      if (list.appToken) await openAsAppUser(page, baseURL, list.appToken, 'bonus200');
      else await page.goto(`${FRAME}/en/blockPage`);
      let down = true;
      await page.route('**/web-api/**', (route) => (down ? route.abort('connectionrefused') : route.fallback()));
      await navigateInApp(page, list.path);
      const region = page.getByRole('main');
      await expect(region.getByRole('alert')).toHaveText(list.alert, { timeout: 15_000 });
      await expect(page.locator('[aria-hidden="true"][class*="skeleton"]')).toHaveCount(0);
      down = false;
      await page.unrouteAll();
      await region.getByRole('button', { name: 'Try again' }).click();
      await expect(region.getByRole('alert')).toHaveCount(0);
      await expect(region.locator(list.ready).first()).toBeVisible();
    });
  }
});

test('offline: the lottery list already loaded stays; the results say so and come back with Try again', async ({
  page,
  context,
  problems,
}) => {
  problems.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
  await page.goto(`${FRAME}/en/lotto/tickets`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  const sections = page.getByRole('navigation', { name: 'Lottery sections' });
  const main = page.getByRole('main');
  // The section's list came with the page: offline, it is still there.
  await sections.getByRole('link', { name: 'Lotteries' }).click();
  await expect(main.locator('[data-testid="lottery-list"] > li[data-code]').first()).toBeVisible();
  await expect(main.getByRole('alert')).toHaveCount(0);
  // The results were never loaded: they say so, and come back once the network does.
  await sections.getByRole('link', { name: 'Results' }).click();
  await expect(main.getByRole('alert')).toHaveText('Could not load the lotteries.', { timeout: 15_000 });
  await context.setOffline(false);
  await main.getByRole('button', { name: 'Try again' }).click();
  await expect(main.getByRole('alert')).toHaveCount(0);
  await expect(main.locator('[data-testid="lotto-results"] > li').first()).toBeVisible();
});
