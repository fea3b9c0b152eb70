import type { Page } from '@playwright/test';
import { REPEAT_PRESS_MS } from '../src/shared/lib/browser/repeat-press.ts';
import { expect, FRAME, openAsAppUser, PROFILES, test } from './fixtures.ts';

/** A fake Android app (bridge v2) that records every message the frame hands to it. */
function installAndroidShell() {
  const sent: unknown[] = [];
  (window as unknown as { sent: unknown[] }).sent = sent;
  (window as unknown as { AndroidBridge: object }).AndroidBridge = {
    send: (type: string, json: string) => sent.push({ type, data: JSON.parse(json), v: 1 }),
  };
}
type Sent = { type: string; data: Record<string, unknown> };
const sent = (page: Page) => page.evaluate(() => (window as unknown as { sent: Sent[] }).sent);
const lastOf = async (page: Page, type: string) => (await sent(page)).filter((m) => m.type === type).at(-1);

test('in the app, the back bar goes back inside the frame and, from the first page, asks the app (goBack)', async ({
  page,
}) => {
  await page.addInitScript(installAndroidShell);
  await page.goto(`${FRAME}/en/promotion`);
  const back = page.getByRole('navigation', { name: 'Back to the previous page' }).getByRole('button');
  await page
    .getByRole('link', { name: /Spin the Wheel/ })
    .first()
    .click();
  await expect(page).toHaveURL(`${FRAME}/en/promotion/spin-wheel`);
  await back.click();
  await expect(page).toHaveURL(`${FRAME}/en/promotion`);
  expect(await lastOf(page, 'goBack')).toBeUndefined();
  // A second, deliberate press: after the double-click window in which a repeat does nothing.
  await page.waitForTimeout(REPEAT_PRESS_MS);
  await back.click();
  await expect.poll(() => lastOf(page, 'goBack')).toEqual({ type: 'goBack', data: {}, v: 1 });
});

test('calls to action send the message that means them: live, one live match, the buy-crypto widget', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(installAndroidShell);
  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'valorant-rush');
  await page.locator('article header').getByRole('link', { name: 'Place a bet' }).click();
  await expect.poll(() => lastOf(page, 'live')).toEqual({ type: 'live', data: { path: '/live/esports' }, v: 1 });

  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'clutch-book');
  await page.locator('article header').getByRole('link', { name: 'Place a bet' }).click();
  await expect
    .poll(() => lastOf(page, 'teamLineLive'))
    .toEqual({ type: 'teamLineLive', data: { path: '/live/esports/584113207', oppId: 584113207 }, v: 1 });

  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'crypto-miracle');
  await page.getByRole('button', { name: 'Buy crypto' }).click();
  await expect.poll(() => lastOf(page, 'openBuyCryptoWidget')).toEqual({ type: 'openBuyCryptoWidget', data: {}, v: 1 });
  // A promotion without crypto has no such button.
  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'jeton-way');
  await expect(page.locator('article header')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy crypto' })).toHaveCount(0);
});

test('a prize result reaches the app as a notification: the wheel’s win or loss, in the words shown', async ({
  page,
  baseURL,
  newPlayer,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(installAndroidShell);
  await openAsAppUser(page, baseURL, (await newPlayer(PROFILES.dollar)).appToken, 'spin-wheel');
  const wheel = page.getByRole('region', { name: 'Your spins' });
  await wheel.getByRole('button', { name: 'Take part' }).click();
  await wheel.getByRole('button', { name: 'Spin', exact: true }).click();
  const popup = page.getByTestId('wheel-popup');
  await expect(popup).toBeVisible();
  const shown = (await popup.getByRole('listitem').first().textContent()) ?? '';
  await expect
    .poll(() => lastOf(page, 'notification'))
    .toEqual({
      type: 'notification',
      data: { kind: shown.startsWith('No prize') ? 'loss' : 'win', text: shown },
      v: 1,
    });
});

test('CMS links: a frame page opens in place, a host page is changeRoute, a document elsewhere opens in the browser', async ({
  page,
}) => {
  await page.addInitScript(installAndroidShell);
  await page.goto(`${FRAME}/en/bonus/welcome`);
  await page.getByRole('link', { name: 'responsible gaming', exact: true }).click();
  await expect
    .poll(() => lastOf(page, 'changeRoute'))
    .toEqual({ type: 'changeRoute', data: { path: '/information/responsible-gaming', isChangeDomain: false }, v: 1 });
  await page.getByRole('link', { name: 'regulator’s register' }).click();
  await expect
    .poll(() => lastOf(page, 'openLinkInBrowser'))
    .toEqual({ type: 'openLinkInBrowser', data: { url: 'https://www.gaming-authority.cw/' }, v: 1 });
  await expect(page).toHaveURL(`${FRAME}/en/bonus/welcome`);
  await page.getByRole('link', { name: 'terms', exact: true }).click();
  await expect(page).toHaveURL(`${FRAME}/en/headless/terms`);
});
