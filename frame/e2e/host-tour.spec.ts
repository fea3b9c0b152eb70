import type { FrameLocator, Page } from '@playwright/test';
import { HOST_MESSAGE, type HostMessageType, parseHostMessage } from '@promo/contract';
import { REPEAT_PRESS_MS } from '../src/shared/lib/browser/repeat-press.ts';
import { expect, FRAME, frameReady, openAsAppUser, PROFILES, test } from './fixtures.ts';

/**
 * The tour of docs/host-messages.md: a player goes through the frame inside the demo host, with the
 * frame from another origin, and the host's message log ends up holding every type of the protocol,
 * each with a payload the contract accepts. The host page runs in an Android app shell (the app's
 * bridge object in every frame, as Android's addJavascriptInterface puts it), so the messages that
 * only an app gets (goBack, openLinkInBrowser) are sent too; they reach the host page's log as well.
 */

function installAndroidShell() {
  (window as unknown as { AndroidBridge: object }).AndroidBridge = { send: () => undefined };
}

/** Every message the demo host logged as received, as it arrived. */
const loggedMessages = (page: Page) =>
  page
    .locator('#message-log li[data-direction="in"]')
    .evaluateAll((items) => items.map((li) => JSON.parse(li.textContent?.replace(/^.*? in /, '') ?? 'null')));

const received = (page: Page, type: HostMessageType) =>
  page.locator(`#message-log li[data-direction="in"][data-type="${type}"]`);

/** Points the host's iframe at another frame page, as a host does when its own route changes. */
async function frameTo(page: Page, path: string): Promise<void> {
  const before = await received(page, 'init').count();
  await page.locator('#promo-frame').evaluate((iframe: HTMLIFrameElement, to) => {
    iframe.src = new URL(to, iframe.src).href;
  }, `${FRAME}${path}`);
  await expect(received(page, 'init')).toHaveCount(before + 1);
  // The host bridge says init as soon as it runs; the page's links and buttons act once React has
  // hydrated the server's page (decision 023).
  await frameReady(page);
}

/** Clicks `click` in the frame and waits for the host to log one more message of `type`. */
async function expectMessage(page: Page, type: HostMessageType, click: () => Promise<void>): Promise<void> {
  const before = await received(page, type).count();
  await click();
  await expect(received(page, type), type).toHaveCount(before + 1);
}

/** A promotion's call to action: the link of its hero that goes where the promotion is played. */
const callToAction = (frame: FrameLocator, href: string) => frame.locator(`article header a[href="${href}"]`);

// A step that cannot find its control fails in seconds, not at the end of the tour's time.
test.use({ actionTimeout: 15_000 });

const CALLS_TO_ACTION: Array<[promotion: string, type: HostMessageType, href: string]> = [
  ['bonus200', 'topUp', '/office/recharge'],
  ['identification-bonus', 'office', '/office/identification'],
  ['daily-tournament', 'betting', '/line'],
  ['license', 'information', '/information/licence'],
  ['evasfavorites', 'slots', '/slots'],
  ['online-casino', 'casino', '/casino'],
  ['fast-games', 'fastGames', '/fast-games'],
  ['winners', 'promoStore', '/promo'],
  ['valorant-rush', 'live', '/live/esports'],
  ['clutch-book', 'teamLineLive', '/live/esports/584113207'],
];

test('the tour: every host message type reaches the demo host, each with a payload the contract accepts', async ({
  page,
  baseURL,
  problems,
  newPlayer,
}) => {
  test.setTimeout(180_000);
  // The unknown path answers 404; the user id the host names has no session here (403).
  problems.allow(/status of 40[34]|route error 404/);
  await page.addInitScript(installAndroidShell);
  // The host scrolls at once (scrollToTop, scrollToBottom) instead of smoothly: a click of the tour
  // never lands while the page is still gliding under it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const port = new URL(baseURL ?? '').port;

  // The cross-origin demo: host on localhost, frame from 127.0.0.1.
  await page.goto(`http://localhost:${port}/demo-host/?path=${encodeURIComponent(`${FRAME}/en/promotion`)}`);
  await expect(page.locator('#frame-status')).toContainText('connected');
  await frameReady(page);
  const frame = page.frameLocator('#promo-frame');
  const account = frame.getByRole('region', { name: 'Your account' });
  await expectMessage(page, 'authorization', () => account.getByRole('button', { name: 'Sign in' }).click());
  await expectMessage(page, 'registration', () => account.getByRole('button', { name: 'Register' }).click());
  await expectMessage(page, 'popstateRouteChange', () =>
    frame
      .getByRole('link', { name: /Spin the Wheel/ })
      .first()
      .click(),
  );
  await expect(frame.getByRole('heading', { level: 1, name: 'Spin the Wheel' })).toBeVisible();
  // The notice at the foot of the page is there once the footer's config parts have arrived.
  await expect(frame.getByTestId('responsible-gaming')).toBeAttached();
  await expectMessage(page, 'scrollToBottom', () => frame.getByRole('link', { name: '18+ Play responsibly' }).click());
  await expect(frame.getByTestId('responsible-gaming')).toBeFocused();
  const footer = frame.getByRole('contentinfo');
  await expectMessage(page, 'bonus', () => footer.getByRole('link', { name: 'Bonus rules' }).click());
  // The app's back bar: inside the frame first, then (on the frame's first page) the app's own back.
  const back = account.getByRole('navigation', { name: 'Back to the previous page' }).getByRole('button');
  await back.click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  // A second, deliberate press: after the double-click window in which a repeat does nothing.
  await page.waitForTimeout(REPEAT_PRESS_MS);
  await expectMessage(page, 'goBack', () => back.click());

  // evasfavorites' game list leads to all games.
  await frameTo(page, '/en/promotion/evasfavorites');
  await expectMessage(page, 'allGamesEntrance', () => frame.getByRole('link', { name: 'All games' }).click());

  // A CMS page: a host page is changeRoute; a document on another site opens in the app's browser.
  await frameTo(page, '/en/bonus/welcome');
  await expectMessage(page, 'changeRoute', () =>
    frame.getByRole('link', { name: 'responsible gaming', exact: true }).click(),
  );
  await expectMessage(page, 'openLinkInBrowser', () =>
    frame.getByRole('link', { name: 'regulator’s register' }).click(),
  );
  await frameTo(page, '/en/landing/summer-cup');
  await expectMessage(page, 'promotion', () =>
    frame.getByRole('link', { name: 'More promotions on the site' }).click(),
  );
  await frameTo(page, '/en/betsonyour/cyber');
  await expect(received(page, 'betOnOwn')).toHaveCount(1);

  // An unknown page: the host learns it, and the home control sends the player to the host's home.
  await frameTo(page, '/en/no-such-page');
  await expect(received(page, 'pageNotFound')).toHaveCount(1);
  await expectMessage(page, 'openHome', () => frame.getByRole('link', { name: 'Go to home page' }).click());

  // A draw replayed full screen: the host hides its chrome and holds its page still meanwhile.
  await frameTo(page, '/en/lotto/results');
  await expectMessage(page, 'hideContent', () => frame.getByRole('button', { name: 'Watch the draw' }).first().click());
  await expect(received(page, 'disableScroll')).toHaveCount(1);
  await expectMessage(page, 'showContent', () =>
    frame.getByRole('dialog').getByRole('button', { name: 'Close' }).click(),
  );

  // The host names a player the frame has no session for: the frame asks the host to check.
  await page.getByLabel('User id').fill('424242');
  await expectMessage(page, 'checkAuth', () => page.getByRole('button', { name: 'Send update' }).click());
  await page.getByLabel('User id').fill('');
  await page.getByRole('button', { name: 'Send update' }).click();
  // Signed out again: the account bar is back to its buttons (the page no longer moves under a click).
  await expect(account.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The player picks another language in the frame: the host follows.
  await expectMessage(page, 'updateSiteConfig', () =>
    frame.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Русский' }).click(),
  );
  const first = await loggedMessages(page);

  // The same-site demo with a signed-in player: a spin's result is a notification to the host.
  await openAsAppUser(page, baseURL, (await newPlayer(PROFILES.dollar)).appToken, 'spin-wheel');
  await page.goto(`/demo-host/?frame=same-origin&path=${encodeURIComponent(`${FRAME}/en/promotion/spin-wheel`)}`);
  await expect(page.locator('#frame-status')).toContainText('connected');
  const wheel = frame.getByRole('region', { name: 'Your spins' });
  await wheel.getByRole('button', { name: 'Take part' }).click();
  await expectMessage(page, 'notification', () => wheel.getByRole('button', { name: 'Spin', exact: true }).click());
  await page.keyboard.press('Escape');
  // A signed-in player's calls to action go to the host (a visitor's deposit offers ask to join).
  for (const [promotion, type, href] of CALLS_TO_ACTION) {
    await frameTo(page, `/en/promotion/${promotion}`);
    await expectMessage(page, type, () => callToAction(frame, href).click());
  }
  // crypto-miracle offers a signed-in player the buy-crypto widget.
  await frameTo(page, '/en/promotion/crypto-miracle');
  await expectMessage(page, 'openBuyCryptoWidget', () => frame.getByRole('button', { name: 'Buy crypto' }).click());
  // Analytics start a few seconds after the first paint; the tag service's entries reach the host.
  await expect(received(page, 'dataLayerPush').first()).toBeAttached({ timeout: 15_000 });
  const second = await loggedMessages(page);

  const all = [...first, ...second];
  const invalid = all.filter((message) => parseHostMessage(message) === null);
  expect(invalid, 'messages the contract refuses').toEqual([]);
  const seen = new Set(all.map((message) => message.type));
  const missing = Object.values(HOST_MESSAGE).filter((type) => !seen.has(type));
  expect(missing, 'types the tour never saw').toEqual([]);
  expect(Object.values(HOST_MESSAGE)).toHaveLength(35);
});
