import path from 'node:path';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import {
  expect,
  FRAME,
  navigateInApp,
  openBonusAsAppPlayer,
  openByNavigation,
  openSameSiteDemo,
  PROFILES,
  test,
  withCdn,
} from './fixtures.ts';

/**
 * Spec 4 and 7 (decision 028): the page is marked webp or no-webp by the browser's support; CMS
 * and promotion art comes as WebP with a PNG fallback, the phone variant at phone widths, from the
 * spec's folders under /genfiles/cms, and from the CDN when it is on.
 */

const CDN = 'https://cdn.promo.test';
const PUBLIC = path.join(import.meta.dirname, '..', '..', 'server', 'public');

/** The CMS art the page (and its frames) downloaded from now on: path, origin and content type. */
function artResponses(page: Page) {
  const seen: Array<{ path: string; origin: string; type: string }> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    // A revalidation (304) of a file already counted says no type. The project's stylesheets
    // (/genfiles/cms/styles, spec 5) are no art.
    const art = url.pathname.startsWith('/genfiles/cms/') && !url.pathname.startsWith('/genfiles/cms/styles/');
    if (art && response.status() !== 304) {
      seen.push({ path: url.pathname, origin: url.origin, type: response.headers()['content-type'] ?? '' });
    }
  });
  return seen;
}

/** An <img> once it has loaded: the file it shows (its path, or its URL off the site) and its width. */
async function loaded(img: Locator) {
  // Complete with a source chosen: an <img> that has none yet (its picture still choosing) is complete too.
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.currentSrc !== ''))
    .toBe(true);
  return img.evaluate((element: HTMLImageElement) => {
    const url = new URL(element.currentSrc);
    return { file: url.origin === location.origin ? url.pathname : url.href, naturalWidth: element.naturalWidth };
  });
}

/** The webp / no-webp mark of a page's <html>. */
const mark = (html: Locator) => html.evaluate((element) => element.className);

/**
 * A browser without WebP, as far as the page can tell: its canvas does not encode it and a WebP
 * does not decode (index.html's check asks both). Every frame of the page gets it.
 */
async function withoutWebp(page: Page) {
  await page.addInitScript(() => {
    HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,';
    const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
    Object.defineProperty(HTMLImageElement.prototype, 'src', {
      ...src,
      set(value: string) {
        src?.set?.call(this, value.startsWith('data:image/webp') ? 'data:image/png;base64,broken' : value);
      },
    });
  });
}

/** The site config with the CDN on; the CDN answers its probe and serves the site's own files. */
async function cdnOn(page: Page) {
  await withCdn(page, CDN);
  await page.route(`${CDN}/version.json`, (route) => route.fulfill({ json: { version: '1' } }));
  await page.route(`${CDN}/genfiles/**`, (route) =>
    route.fulfill({ path: path.join(PUBLIC, new URL(route.request().url()).pathname) }),
  );
}

/** The lottery list's cards, on the page or in the demo host's frame. */
const lotteryCards = (scope: Page | FrameLocator) => scope.locator('[data-testid="lottery-list"] > li[data-code]');

test('the page is marked webp while its head is read, before anything paints, and keeps the mark', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: Array<{ mark: string; bodyRead: boolean }> = [];
    (window as unknown as { __marks: typeof seen }).__marks = seen;
    // Called once the script that changed the class has run, before the parser reads on.
    new MutationObserver(() =>
      seen.push({ mark: document.documentElement.className, bodyRead: document.body !== null }),
    ).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.goto(`${FRAME}/en/bonus/welcome`);
  expect(await page.evaluate(() => (window as unknown as { __marks: unknown }).__marks)).toEqual([
    { mark: 'webp', bodyRead: false },
  ]);
  // Hydrated (the page's own code ran) and moved to another page in the app: still marked.
  await expect(page.locator('html[data-frame-ready]')).toHaveClass('webp');
  await navigateInApp(page, '/en/lotto');
  await expect(lotteryCards(page).first()).toBeVisible();
  expect(await mark(page.locator('html'))).toBe('webp');
});

for (const { width, variant, heroWidth, bannerWidth, desktop } of [
  { width: 320, variant: 'mobile', heroWidth: 480, bannerWidth: 360, desktop: false },
  { width: 1366, variant: 'desktop', heroWidth: 640, bannerWidth: 600, desktop: true },
]) {
  test.describe(`at ${width} px`, () => {
    // A phone that narrow, or a desktop browser's window that wide (the screen too: a phone's
    // page is as wide as its screen).
    test.use({
      viewport: { width, height: 900 },
      screen: { width, height: 900 },
      ...(desktop ? { isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {}),
    });

    test(`CMS pages show the ${variant} art as WebP: bonus and crypto heroes, a landing with its banner, the banner page`, async ({
      page,
      request,
      baseURL,
      newPlayer,
    }) => {
      const art = artResponses(page);
      await page.goto(`${FRAME}/en/bonus/welcome`);
      expect(await loaded(page.locator('header img'))).toEqual({
        file: `/genfiles/cms/promotions/${variant}/welcome-hero.webp`,
        naturalWidth: heroWidth,
      });
      const landing = await request.get(
        '/web-api/bonus-api/page?type=landing&slug=summer-cup&language=en&promotion_service_id=285',
      );
      await page.goto(`${FRAME}/en/landing-page/${((await landing.json()) as { id: number }).id}`);
      expect(await loaded(page.locator('header img'))).toEqual({
        file: `/genfiles/cms/promotions/${variant}/summer-cup.webp`,
        naturalWidth: heroWidth,
      });
      expect(await loaded(page.getByRole('link', { name: /Lucky Day draw/ }).locator('img'))).toEqual({
        file: `/genfiles/cms/promotions/${variant}/banner-luckyday.webp`,
        naturalWidth: bannerWidth,
      });
      await page.goto(`${FRAME}/en/banner`);
      const banners = page.getByTestId('banners').locator('img');
      await expect(banners).toHaveCount(3);
      for (const [index, name] of ['banner-wheel', 'banner-luckyday', 'banner-hunt'].entries()) {
        expect(await loaded(banners.nth(index))).toEqual({
          file: `/genfiles/cms/promotions/${variant}/${name}.webp`,
          naturalWidth: bannerWidth,
        });
      }
      // The crypto promotions are offered in Cyprus and the Emirates (the seed's audience): a player
      // from there, signed in as the app does. They have one art for every width.
      const player = await newPlayer(PROFILES.emirates);
      await openBonusAsAppPlayer(page, baseURL, player.appToken, 'crypto-boost');
      expect(await loaded(page.locator('header img'))).toEqual({
        file: '/genfiles/cms/crypto-promotions/crypto-boost.webp',
        naturalWidth: 640,
      });
      // Nothing else was downloaded: no fallback, no other variant.
      expect([...new Set(art.map(({ path, type }) => `${path} ${type}`))].sort()).toEqual(
        [
          `/genfiles/cms/promotions/${variant}/welcome-hero.webp image/webp`,
          '/genfiles/cms/crypto-promotions/crypto-boost.webp image/webp',
          `/genfiles/cms/promotions/${variant}/summer-cup.webp image/webp`,
          `/genfiles/cms/promotions/${variant}/banner-luckyday.webp image/webp`,
          `/genfiles/cms/promotions/${variant}/banner-wheel.webp image/webp`,
          `/genfiles/cms/promotions/${variant}/banner-hunt.webp image/webp`,
        ].sort(),
      );
    });
  });
}

test('the lottery list shows each lottery emblem from the lotto folder, as WebP', async ({ page }) => {
  const art = artResponses(page);
  await page.goto(`${FRAME}/en/lotto`);
  const codes = await lotteryCards(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('data-code')));
  expect(codes.length).toBeGreaterThan(0);
  const emblems = await lotteryCards(page).evaluateAll((cards) =>
    cards.map((card) => getComputedStyle(card.querySelector('h2 > span') as Element).backgroundImage),
  );
  const origin = new URL(page.url()).origin;
  expect(emblems).toEqual(codes.map((code) => `url("${origin}/genfiles/cms/lotto/${code?.toLowerCase()}.webp")`));
  await expect
    .poll(() => [...new Set(art.map(({ path, type }) => `${path} ${type}`))].sort())
    .toEqual(codes.map((code) => `/genfiles/cms/lotto/${code?.toLowerCase()}.webp image/webp`).sort());
  // The emblem is decoration: the card's heading is the lottery's name alone.
  await expect(page.getByRole('heading', { level: 2, name: 'Powerball', exact: true })).toBeVisible();
});

test('with the CDN on, the art and every source of it come from the CDN, as WebP', async ({ page }) => {
  await cdnOn(page);
  const art = artResponses(page);
  await openByNavigation(page, `${FRAME}/en/bonus/welcome`, `${FRAME}/ru/blockPage`);
  const hero = page.locator('header img');
  await expect(hero).toHaveAttribute('src', `${CDN}/genfiles/cms/promotions/desktop/welcome-hero.png`);
  expect(
    await page.locator('header picture source').evaluateAll((sources) => sources.map((s) => s.getAttribute('srcset'))),
  ).toEqual([
    `${CDN}/genfiles/cms/promotions/mobile/welcome-hero.webp`,
    `${CDN}/genfiles/cms/promotions/mobile/welcome-hero.png`,
    `${CDN}/genfiles/cms/promotions/desktop/welcome-hero.webp`,
  ]);
  // The project's phone: the mobile variant, from the CDN.
  await expect
    .poll(() => loaded(hero))
    .toEqual({
      file: `${CDN}/genfiles/cms/promotions/mobile/welcome-hero.webp`,
      naturalWidth: 480,
    });
  await openByNavigation(page, `${FRAME}/en/lotto`, `${FRAME}/ru/blockPage`);
  const emblem = lotteryCards(page).first().locator('h2 > span');
  await expect
    .poll(() => emblem.evaluate((element) => getComputedStyle(element).backgroundImage))
    .toMatch(new RegExp(`^url\\("${CDN}/genfiles/cms/lotto/[a-z0-9]+\\.webp"\\)$`));
  await expect
    .poll(() => art.filter(({ origin, path }) => origin === CDN && path.startsWith('/genfiles/cms/lotto/')).length)
    .toBeGreaterThan(0);
  expect(art.filter(({ origin }) => origin === CDN).every(({ type }) => type === 'image/webp')).toBe(true);
});

test('a browser without WebP is marked no-webp and gets the PNG art', async ({ page }) => {
  await withoutWebp(page);
  const art = artResponses(page);
  await page.goto(`${FRAME}/en/lotto`);
  expect(await mark(page.locator('html'))).toBe('no-webp');
  const codes = await lotteryCards(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('data-code')));
  await expect
    .poll(() => [...new Set(art.map(({ path, type }) => `${path} ${type}`))].sort())
    .toEqual(codes.map((code) => `/genfiles/cms/lotto/${code?.toLowerCase()}.png image/png`).sort());
  // A <picture>'s fallback is its <img>: the PNG, which such a browser shows.
  await page.goto(`${FRAME}/en/bonus/welcome`);
  const fallback = await page.locator('header img').getAttribute('src');
  expect(fallback).toBe('/genfiles/cms/promotions/desktop/welcome-hero.png');
  expect(
    await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return image.naturalWidth;
    }, fallback ?? ''),
  ).toBe(640);
  expect(art).toContainEqual({
    path: '/genfiles/cms/promotions/desktop/welcome-hero.png',
    origin: new URL(page.url()).origin,
    type: 'image/png',
  });
});

test.describe('inside the demo host', () => {
  test('the frame is marked webp and shows the phone art and the lottery emblems as WebP', async ({ page }) => {
    const art = artResponses(page);
    const frame = await openSameSiteDemo(page, `${FRAME}/en/bonus/welcome`);
    expect(await mark(frame.locator('html'))).toBe('webp');
    expect(await loaded(frame.locator('header img'))).toEqual({
      file: '/genfiles/cms/promotions/mobile/welcome-hero.webp',
      naturalWidth: 480,
    });
    const host = await openSameSiteDemo(page, `${FRAME}/en/lotto`);
    await expect(lotteryCards(host).first()).toBeVisible();
    await expect
      .poll(() => art.filter(({ path }) => path.startsWith('/genfiles/cms/lotto/')).map(({ type }) => type))
      .toContain('image/webp');
    expect(art.every(({ type }) => type === 'image/webp')).toBe(true);
  });

  test('with the CDN on, the framed page takes its art from the CDN', async ({ page }) => {
    await cdnOn(page);
    const art = artResponses(page);
    const frame = await openSameSiteDemo(page, `${FRAME}/en/bonus/welcome`);
    await expect
      .poll(() => loaded(frame.locator('header img')))
      .toEqual({
        file: `${CDN}/genfiles/cms/promotions/mobile/welcome-hero.webp`,
        naturalWidth: 480,
      });
    expect(art.filter(({ origin }) => origin === CDN)).toEqual([
      { path: '/genfiles/cms/promotions/mobile/welcome-hero.webp', origin: CDN, type: 'image/webp' },
    ]);
  });

  test('in a browser without WebP the framed page is marked no-webp and gets the PNG emblems', async ({ page }) => {
    await withoutWebp(page);
    const art = artResponses(page);
    const frame = await openSameSiteDemo(page, `${FRAME}/en/lotto`);
    await expect(lotteryCards(frame).first()).toBeVisible();
    expect(await mark(frame.locator('html'))).toBe('no-webp');
    await expect
      .poll(() => art.filter(({ path }) => path.startsWith('/genfiles/cms/lotto/')).length)
      .toBeGreaterThan(0);
    expect(art.every(({ path, type }) => path.endsWith('.png') && type === 'image/png')).toBe(true);
  });
});
