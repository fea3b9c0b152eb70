import type { Page } from '@playwright/test';
import { expect, openSameSiteDemo, PROFILES, signInOnHost, test } from './fixtures.ts';

/**
 * Issue 20, item 1: a dialog of the frame opens inside what the host shows, however far the host is
 * scrolled. The host is the demo host page, the frame embedded with the host SDK and its auto-height.
 */
const SIZES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];
const PROMO = 'casino-sport-welcome-bonus';

/**
 * The demo host turned into a long page: two screens of host content above the frame and the
 * message log hidden, so the page ends with the frame. A signed-in player, so that the frame has
 * dialogs to show: sign-in shares the session cookie, which needs the frame on the host's own site
 * (the demo's same-site mode; a cross-site iframe gets no cookies in Chromium).
 */
async function openLongHostPage(page: Page, login: string) {
  const frame = await openSameSiteDemo(page, `/promo-frame/en/promotion/${PROMO}`);
  // The player's choice (none: a new player) is read after the sign-in; the cards wait for it.
  const choiceRead = page.waitForResponse(
    (response) => response.url().endsWith('/promotions/GetTypeFirstBonus') && response.status() === 200,
  );
  await signInOnHost(page, frame, login);
  expect(((await (await choiceRead).json()) as { bonus_id: number | null }).bonus_id).toBeNull();
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.id = 'host-content';
    spacer.style.blockSize = `${2 * innerHeight}px`;
    document.querySelector('.host-main')?.before(spacer);
    (document.querySelector('.host-log') as HTMLElement).style.display = 'none';
  });
  return frame;
}

const hostMessages = (page: Page, type: string) =>
  page
    .locator(`#message-log li[data-direction="in"][data-type="${type}"]`)
    .evaluateAll((items) => items.map((item) => item.textContent ?? '').reverse());

for (const size of SIZES) {
  test(`at ${size.width}x${size.height} a dialog opened with the host at the bottom of its page lies in the host's viewport`, async ({
    page,
    newPlayer,
  }) => {
    // Sign-in on the host, a held request and a keyboard round: longer than one page load.
    test.slow();
    await page.setViewportSize(size);
    const frame = await openLongHostPage(page, (await newPlayer(PROFILES.dollar)).login);
    const box = frame.getByRole('region', { name: 'Choose your welcome bonus' });
    await expect(box.getByRole('button', { name: /Casino bonus/ })).toBeVisible();
    const options = box.getByRole('button', { name: /Casino bonus|Sports bonus/ });
    await expect(options).toHaveCount(2);
    // Pressing an option makes the choice, and the frame confirms it in a dialog.
    const trigger = options.first();

    // The answer is held until the player has scrolled the host to the bottom of its page: the
    // dialog opens where the player is then, not where the button was.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/promotions/SetTypeFirstBonus', async (route) => {
      await held;
      await route.continue();
    });
    await trigger.click();
    // The choice is asked once first, in the part of the frame the player sees.
    await frame
      .getByRole('dialog', { name: 'Choose this welcome bonus?' })
      .getByRole('button', { name: 'Yes, choose it' })
      .click();
    const bottom = await page.evaluate(async () => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      // The SDK reports the band on the next animation frame.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { scrollY, pageHeight: document.documentElement.scrollHeight };
    });
    expect(bottom.pageHeight).toBeGreaterThanOrEqual(3 * size.height);
    expect(bottom.scrollY).toBeGreaterThanOrEqual(bottom.pageHeight - size.height - 1);
    const frameTop = await page.locator('#promo-frame').evaluate((iframe) => iframe.getBoundingClientRect().top);
    // Far enough down that a dialog at the frame's top, or at its middle, would be out of sight.
    expect(frameTop).toBeLessThan(-size.height);
    release();

    const dialog = frame.getByRole('dialog', { name: 'Bonus chosen' });
    await expect(dialog).toBeVisible();
    await expect
      .poll(async () => {
        const rect = await dialog.boundingBox();
        return (
          rect !== null &&
          rect.y >= 0 &&
          rect.x >= 0 &&
          rect.y + rect.height <= size.height &&
          rect.x + rect.width <= size.width
        );
      })
      .toBe(true);
    // Held still while the dialog is open, at the same place.
    expect(await page.evaluate(() => [getComputedStyle(document.documentElement).overflow, scrollY])).toEqual([
      'hidden',
      bottom.scrollY,
    ]);

    // Tab and Shift+Tab go round the dialog's controls and never leave it for the host page.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('promo-frame');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-pressed', 'true');
    // Locked and unlocked twice: for the question, then for the answer's dialog.
    await expect.poll(() => hostMessages(page, 'disableScroll')).toHaveLength(4);
    const [, , locked, unlocked] = await hostMessages(page, 'disableScroll');
    expect(locked).toContain('{"type":"disableScroll","data":{"disabled":true},"v":1}');
    expect(unlocked).toContain('{"type":"disableScroll","data":{"disabled":false},"v":1}');
    expect(await page.evaluate(() => [getComputedStyle(document.documentElement).overflow, scrollY])).toEqual([
      'visible',
      bottom.scrollY,
    ]);
  });
}

test('a frame on another origin is told the band of it the host shows, as the host scrolls', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-host/?path=/promo-frame/en/promotion/${PROMO}`);
  await expect(page.locator('#frame-status')).toContainText('connected');
  const frame = page.frames().find((f) => f.url().startsWith(`http://127.0.0.1:${port}/promo-frame/`));
  if (!frame) throw new Error('the frame is not on 127.0.0.1');
  await frame.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { bands: unknown[] }).bands = seen;
    addEventListener('message', (event) => {
      if (event.data?.type === 'frameViewport') seen.push({ origin: event.origin, ...event.data });
    });
  });
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.blockSize = `${2 * innerHeight}px`;
    document.querySelector('.host-main')?.before(spacer);
  });
  const lastBand = () => frame.evaluate(() => (window as unknown as { bands: unknown[] }).bands.at(-1));

  // Scrolled so that the frame starts 300 px above the top of the host's viewport.
  await page.evaluate(() => {
    const iframe = document.getElementById('promo-frame') as HTMLIFrameElement;
    scrollBy(0, iframe.getBoundingClientRect().top + 300);
  });
  // The frame may still grow (auto-height) while polling: the band is compared with its height then.
  await expect
    .poll(async () => {
      const frameHeight = await page.locator('#promo-frame').evaluate((iframe) => iframe.clientHeight);
      const expected = {
        origin: `http://localhost:${port}`,
        type: 'frameViewport',
        data: { top: 300, height: Math.min(844, frameHeight - 300) },
        v: 1,
      };
      const band = await lastBand();
      return JSON.stringify(band) === JSON.stringify(expected) ? 'the band in view' : band;
    })
    .toBe('the band in view');

  // Back at the top of the host page the frame is below the fold: nothing of it is seen.
  await page.evaluate(() => scrollTo(0, 0));
  await expect.poll(lastBand).toMatchObject({ data: { top: 0, height: 0 } });
});

for (const size of SIZES) {
  test(`at ${size.width}x${size.height}, a frame on another origin opens its full-screen replay in the host's viewport, host at the bottom`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(size);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const port = new URL(baseURL ?? '').port;
    // The host on localhost, the frame from 127.0.0.1: a visitor's lottery results, 24 rows long.
    await page.goto(`http://localhost:${port}/demo-host/?path=/promo-frame/en/lotto/results`);
    await expect(page.locator('#frame-status')).toContainText('connected');
    const frame = page.frameLocator('#promo-frame');
    const watch = frame.getByRole('button', { name: 'Watch the draw' });
    await expect(watch).toHaveCount(24);
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.blockSize = `${2 * innerHeight}px`;
      document.querySelector('.host-main')?.before(spacer);
      (document.querySelector('.host-log') as HTMLElement).style.display = 'none';
    });
    // The last result's button has focus; the host is then scrolled to the very bottom of its page.
    await watch.last().focus();
    // To the bottom, again until the page stops growing there (the frame's height settles as its
    // footer's parts and fonts arrive): the same height twice in a row, a few frames apart.
    const bottom = await page.evaluate(async () => {
      const frames = (n: number) =>
        new Promise<void>((resolve) => {
          const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
          step(n);
        });
      let height = -1;
      for (let tries = 0; tries < 50 && document.documentElement.scrollHeight !== height; tries += 1) {
        height = document.documentElement.scrollHeight;
        window.scrollTo(0, height);
        await frames(6);
      }
      return { scrollY, pageHeight: document.documentElement.scrollHeight };
    });
    expect(bottom.pageHeight).toBeGreaterThanOrEqual(3 * size.height);
    expect(bottom.scrollY).toBeGreaterThanOrEqual(bottom.pageHeight - size.height - 1);
    await page.keyboard.press('Enter');

    const dialog = frame.getByRole('dialog');
    await expect(dialog.getByTestId('draw-replay-status')).toContainText('Draw complete');
    await expect
      .poll(async () => {
        const rect = await dialog.boundingBox();
        return (
          rect !== null &&
          rect.y >= -1 &&
          rect.x >= 0 &&
          rect.y + rect.height <= size.height + 1 &&
          rect.x + rect.width <= size.width
        );
      })
      .toBe(true);
    // The host held its page still and put its own header aside (the demo's hideContent).
    await expect.poll(() => hostMessages(page, 'hideContent')).toHaveLength(1);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await expect(page.locator('.host-header')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(watch.last()).toBeFocused();
    await expect.poll(() => hostMessages(page, 'showContent')).toHaveLength(1);
    await expect(page.locator('.host-header')).toBeVisible();
  });
}

test('at 1366 px, three promotion cards a row, each countdown keeps its two digits on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const frame = await openSameSiteDemo(page, '/promo-frame/en/promotion');
  const timers = frame.getByRole('timer');
  await expect(timers.first()).toBeVisible();
  const values = await timers.locator('li > span:first-child').evaluateAll((spans) =>
    spans.map((span) => {
      const style = getComputedStyle(span);
      return {
        text: span.textContent,
        lines: span.getBoundingClientRect().height / Number.parseFloat(style.lineHeight),
      };
    }),
  );
  expect(values.length).toBeGreaterThanOrEqual(4);
  // One line each: the box is one line-height tall (a wrapped "23" was two).
  expect(values.filter((value) => value.lines > 1.5)).toEqual([]);
});
