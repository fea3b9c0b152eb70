import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { CONSOLE_PATH, toDecimal } from '@promo/contract';
import { formatMoney } from '../src/shared/lib/format/format-money.ts';
import { signIn } from './console-desk.ts';
import { expect, openAsAppUser, test } from './fixtures.ts';
import { startServer } from './servers.ts';

// Player support (issue 42, items 3 and 4) on a server of its own: the adjustment changes
// demo.player's balance, which the shared server's other tests read.
test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
test.beforeEach(({ problems }) => problems.allow(/status of 401/));

const axe = async (page: Page, name: string) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${name}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
};

/** Presses Tab until `target` has the focus (at most `limit` times): the keyboard-only path. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 40) {
  for (let press = 0; press < limit; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function desk(browser: Browser, url: string, role: 'support' | 'publisher') {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL: url });
  const page = await context.newPage();
  await signIn(page, role);
  return page;
}

/** demo.player in the frame, through the app link, on the wheel's page (a phone's width). */
async function openPlayer(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: url });
  const page = await context.newPage();
  await openAsAppUser(page, url, 'demo-app-token-player', 'spin-wheel');
  return page;
}

const dollars = (shown: string) => toDecimal(shown.replace(/[^\d.]/g, ''));

test('support finds demo.player and the wheel prizes in the ledger, requests an adjustment by keyboard; a publisher approves it; the frame shows the balance moved by exactly that', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await startServer();
  try {
    // 1. demo.player spins the wheel in the frame: three spins, whatever they win.
    const player = { page: await openPlayer(browser, server.url) };
    await player.page.emulateMedia({ reducedMotion: 'reduce' });
    const wheel = player.page.getByRole('region', { name: 'Your spins' });
    await wheel.getByRole('button', { name: 'Take part' }).click();
    await wheel.getByRole('button', { name: 'Spin all (3)' }).click();
    await player.page.getByRole('dialog', { name: 'Your prizes' }).getByRole('button', { name: 'Great' }).click();
    await player.page.reload();
    const before = dollars(
      (await player.page.getByRole('region', { name: 'Your account' }).getByTestId('account-balance').textContent()) ??
        '',
    );

    // 2. Support, keyboard only: the search, the player, the spins and their prizes in the ledger.
    const support = await desk(browser, server.url, 'support');
    await support.goto(`${CONSOLE_PATH}support`);
    const query = support.getByLabel('Login or player id');
    await tabTo(support, query);
    await support.keyboard.type('demo.player');
    await support.keyboard.press('Enter');
    const result = support.getByRole('region', { name: 'Players found' }).getByRole('link');
    await expect(result).toHaveText('de•••r');
    await axe(support, 'player search');
    await tabTo(support, result);
    await support.keyboard.press('Enter');
    const spins = support.getByRole('region', { name: 'Wheel spins' }).locator('tbody tr');
    await expect(spins).toHaveCount(3);
    await expect(spins.filter({ hasText: '✓ Proof holds' })).toHaveCount(3);
    // Every cash prize is a "Wheel prize" entry of the ledger, under its spin's id.
    const spinIds = await spins.evaluateAll((rows) =>
      rows.filter((row) => row.textContent?.includes('$')).map((row) => row.querySelector('td')?.textContent ?? ''),
    );
    const prizes = support.getByRole('region', { name: 'Ledger' }).locator('tbody tr', { hasText: 'Wheel prize' });
    await expect(prizes).toHaveCount(spinIds.length);
    for (const id of spinIds)
      await expect(prizes.filter({ has: support.getByRole('cell', { name: id, exact: true }) })).toHaveCount(1);
    await axe(support, 'player view');

    await tabTo(support, support.getByRole('button', { name: 'Request an adjustment' }));
    await support.keyboard.press('Enter');
    const request = support.getByRole('dialog', { name: 'Request an adjustment for de•••r' });
    await tabTo(support, request.getByLabel('Amount'));
    await support.keyboard.type('12.35');
    await support.keyboard.press('Tab');
    await support.keyboard.type('Wheel prize shown but not credited');
    await tabTo(support, request.getByRole('button', { name: 'Request adjustment' }));
    await support.keyboard.press('Enter');
    await expect(support.getByText(/Adjustment #\d+ of \+\$12\.35 requested/)).toBeVisible();
    const pending = support.getByRole('region', { name: 'Adjustments' }).locator('tbody tr').first();
    await expect(pending).toContainText('Waiting for approval');
    // Requested is not applied: the player's balance has not moved.
    await player.page.reload();
    await expect(player.page.getByRole('region', { name: 'Your account' }).getByTestId('account-balance')).toHaveText(
      formatMoney(before.toFixed(2), 'USD', 'en'),
    );

    // 3. A publisher, keyboard only, approves it from the queue.
    const publisher = await desk(browser, server.url, 'publisher');
    await publisher.goto(`${CONSOLE_PATH}adjustments`);
    const approve = publisher.getByRole('button', { name: /^Approve \d+$/ }).first();
    await tabTo(publisher, approve);
    await publisher.keyboard.press('Enter');
    const decision = publisher.getByRole('dialog', { name: /^Approve adjustment #\d+$/ });
    await expect(decision).toContainText('+$12.35 for de•••r, requested by demo.support');
    await axe(publisher, 'approval dialog');
    await tabTo(publisher, decision.getByRole('button', { name: 'Approve +$12.35' }));
    await publisher.keyboard.press('Enter');
    await expect(publisher.getByText(/Adjustment #\d+ applied: \+\$12\.35\./)).toBeVisible();
    await publisher.getByLabel('Show').selectOption({ label: 'Applied' });
    await expect(publisher.locator('tbody tr').first()).toContainText('by demo.publisher');
    await axe(publisher, 'adjustments queue');

    // 4. The player's balance in the frame: exactly 12.35 more.
    await player.page.reload();
    await expect(player.page.getByRole('region', { name: 'Your account' }).getByTestId('account-balance')).toHaveText(
      formatMoney(before.plus('12.35').toFixed(2), 'USD', 'en'),
    );
    // And support reads it in the ledger, with the balance it left.
    await support.reload();
    const entry = support.getByRole('region', { name: 'Ledger' }).locator('tbody tr').first();
    await expect(entry).toContainText('Adjustment');
    await expect(entry).toContainText('+$12.35');
    await expect(entry).toContainText(formatMoney(before.plus('12.35').toFixed(2), 'USD', 'en'));
  } finally {
    await server.stop();
  }
});
