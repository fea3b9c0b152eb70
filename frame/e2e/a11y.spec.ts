import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, FRAME, openAsAppUser, test } from './fixtures.ts';

/** Presses Tab until `target` has focus (at most ten times), then checks it does. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 10 && !(await target.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** `ready`: a test id that shows the page's mechanic has loaded its data. */
const PAGES: Array<{ name: string; path: string; heading: string | RegExp; ready?: string }> = [
  { name: 'home', path: '', heading: /./ },
  { name: 'lotto list', path: '/lotto', heading: /./, ready: 'lottery-list' },
  { name: 'lotto game', path: '/lotto/game/euromillions', heading: /./, ready: 'lotto-total' },
  { name: 'lotto results', path: '/lotto/results', heading: /./, ready: 'lotto-results' },
  { name: 'lotto draws', path: '/lotto/results/GER6', heading: /./, ready: 'lotto-draws' },
  { name: 'lotto info', path: '/lotto/info/powerball', heading: /./ },
  { name: 'promotion', path: '/promotion/spin-wheel', heading: /./ },
  { name: 'tournament', path: '/promotion/daily-tournament', heading: /./, ready: 'tournament-participants' },
  { name: 'welcome bonus', path: '/promotion/casino-sport-welcome-bonus', heading: /./ },
  { name: 'lucky day', path: '/promotion/luckyday', heading: /./, ready: 'lucky-draw-time' },
  { name: 'bet series', path: '/promotion/crownbet', heading: /./ },
  { name: 'hunt', path: '/promotion/winter-hunt', heading: /./, ready: 'hunt-album' },
  { name: 'deposit bonus', path: '/promotion/bonus200', heading: /./, ready: 'bonus-terms' },
  { name: 'broadcast', path: '/promotion/sports-stream', heading: /./, ready: 'broadcast-updated' },
  { name: 'game list', path: '/promotion/evasfavorites', heading: /./, ready: 'casino-games' },
  { name: 'casino info', path: '/promotion/online-casino', heading: /./ },
  { name: 'licence info', path: '/promotion/license', heading: /./ },
  { name: 'winners info', path: '/promotion/winners', heading: /./, ready: 'winners-tournament' },
  { name: 'CMS page', path: '/bonus/welcome', heading: /./ },
  { name: 'landing page', path: '/landing/summer-cup', heading: /./ },
  { name: 'banner page', path: '/banner', heading: /./, ready: 'banners' },
  { name: 'error', path: '/no/such/page', heading: '404' },
  { name: 'blocked', path: '/blockPage', heading: /./ },
];

for (const lng of ['en', 'ar']) {
  for (const { name, path, heading, ready } of PAGES) {
    test(`${name} (${lng}) has no WCAG 2.2 AA violations`, async ({ page, problems }) => {
      problems.allow(/route error 404|status of 404/);
      await page.goto(`${FRAME}/${lng}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (ready) await expect(page.getByTestId(ready)).toBeVisible();
      await expectNoViolations(page);
    });
  }
}

/**
 * Runs axe with the WCAG 2.2 AA tags on the page as it is now. In one run inside the page (legacy
 * mode): the default mode injects axe into every frame and then again into a blank page of its own
 * to merge the frames' results, which took twice the time, and a frame page has no frames inside.
 */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  expect(
    results.passes.map((rule) => rule.id),
    'axe evaluated the page',
  ).toContain('html-has-lang');
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Pages whose controls only a player sees: the hunt's board, the bonus activation form. */
const PLAYER_PAGES = [
  { promo: 'winter-hunt', ready: 'hunt-searches-left' },
  { promo: 'bonus200', ready: 'bonus-terms' },
];

test('my lottery tickets as a player have no WCAG 2.2 AA violations', async ({ page, baseURL }) => {
  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'bonus200');
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `${FRAME}/en/lotto/tickets`);
  await expect(page.getByTestId('lotto-ticket').first()).toBeVisible();
  await expectNoViolations(page);
});

for (const { promo, ready } of PLAYER_PAGES) {
  test(`${promo} as a player has no WCAG 2.2 AA violations`, async ({ page, baseURL }) => {
    await openAsAppUser(page, baseURL, 'demo-app-token-arabic', promo);
    await expect(page.getByTestId(ready)).toBeVisible();
    await expectNoViolations(page);
  });
}

test('keyboard only: from the home page to a lottery and a quick pick', async ({ page }) => {
  await page.goto(`${FRAME}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Play lotteries' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'World lotteries' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Play', exact: true }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Powerball' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Quick pick', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Line 1' }).locator('[aria-pressed="true"]')).toHaveCount(6);
});
