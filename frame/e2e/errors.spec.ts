import type { Page } from '@playwright/test';
import { analyticsEvents, chunkPattern, expect, FRAME, htmlLangDir, openCrossOriginDemo, test } from './fixtures.ts';

/** Chromium logs every 4xx document as a console error; unknown paths answer 404 on purpose. */
const NOT_FOUND_LOGS = /route error 404|status of 404/;

test('an unknown path shows the 404 page with its message and a way home', async ({ page, problems }) => {
  problems.allow(/route error 404 This page could not be found|status of 404/);
  await page.goto(`${FRAME}/en/definitely/not/here`);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText('This page could not be found');
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await expect(page.getByText(/© 2019–\d{4} Promo Frame/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
});

test('the 404 page speaks the route language and sets html lang and dir', async ({ page, problems }) => {
  problems.allow(/route error 404|status of 404/);
  await page.goto(`${FRAME}/ar/no/such/page`);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText('تعذّر العثور على هذه الصفحة');
  expect(await htmlLangDir(page)).toEqual(['ar', 'rtl']);
});

test('the ball animation uses the project sprite: 13 steps over 1.5 s', async ({ page, problems }) => {
  problems.allow(/route error 404|status of 404/);
  await page.goto(`${FRAME}/en/missing/page`);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  const ball = page.locator('[data-sprite]');
  await expect(ball).toHaveAttribute('data-sprite', '/genfiles/cms/sprites/error-ball.svg');
  const animation = await ball.evaluate((el) => {
    const style = getComputedStyle(el);
    return { duration: style.animationDuration, timing: style.animationTimingFunction };
  });
  expect(animation).toEqual({ duration: '1.5s', timing: 'steps(13)' });
});

test('when the project sprite fails to load, the bundled default is used', async ({ page, problems }) => {
  problems.allow(/route error 404|Failed to load resource|status of 404/);
  await page.route('**/genfiles/cms/sprites/error-ball.svg', (route) => route.abort());
  await page.goto(`${FRAME}/en/missing/page`);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.locator('[data-sprite]')).toHaveAttribute('data-sprite', /ball-sprite-default-[\w-]+\.svg$/);
});

for (const storage of ['sessionStorage', 'a cookie (sessionStorage throws)'] as const) {
  test(`a failed chunk reloads once, then shows the error page — guard kept in ${storage}`, async ({
    page,
    problems,
  }) => {
    problems.allow(/Failed to fetch dynamically imported module|route error|Failed to load resource/);
    if (storage !== 'sessionStorage') {
      await page.addInitScript(() => {
        Object.defineProperty(window, 'sessionStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      });
    }
    let documentLoads = 0;
    page.on('load', () => {
      documentLoads += 1;
    });
    // The error page of a known language links home inside the app (a client-side navigation).
    await page.goto(`${FRAME}/en/no/such/page`);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await page.route(chunkPattern('page-home'), (route) => route.abort());
    await page.getByRole('link', { name: 'Go to home page' }).click();
    // The reload loads home afresh; its chunk fails again within 60 s, so no second reload.
    await expect(page.getByRole('heading', { level: 1, name: '500' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(`${FRAME}/en`);
    // The reloaded document's load event may come after its error page shows (fonts, images).
    await expect.poll(() => documentLoads).toBe(2);
    await page.waitForTimeout(500);
    expect(documentLoads).toBe(2);
  });
}

// Spec 2 and 4: an unknown path without a language prefix speaks the visitor's language (here the
// language cookie's), from the server's first byte to the hydrated page, with its navigation links.
for (const { lng, dir, message, nav, links, promotions } of [
  {
    lng: 'ru',
    dir: 'ltr',
    message: 'Страница не найдена',
    nav: 'Полезные ссылки',
    links: ['На главную страницу', 'Акции', 'Лотереи', 'Правила бонусов'],
    promotions: 'Акции',
  },
  {
    lng: 'ar',
    dir: 'rtl',
    message: 'تعذّر العثور على هذه الصفحة',
    nav: 'روابط مفيدة',
    links: ['الذهاب إلى الصفحة الرئيسية', 'العروض', 'اليانصيب', 'قواعد المكافآت'],
    promotions: 'العروض',
  },
]) {
  test(`an unprefixed unknown path with the language cookie ${lng}: 404, <html lang="${lng}" dir="${dir}"> from the server, its words and links`, async ({
    page,
    context,
    baseURL,
    problems,
  }) => {
    problems.allow(NOT_FOUND_LOGS);
    await context.addCookies([{ name: 'language', value: lng, url: baseURL }]);
    const events = analyticsEvents(page);
    const response = await page.goto(`${FRAME}/foo/bar`);
    expect(response?.status()).toBe(404);
    // The server's HTML already speaks the language (the page is hydrated with the same words:
    // a mismatch would be a console error, which fails the test).
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`<html lang="${lng}" dir="${dir}">`);
    expect(html).toContain(message);
    expect(html).toContain(`aria-label="${nav}"`);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByTestId('error-message')).toHaveText(message);
    expect(await htmlLangDir(page)).toEqual([lng, dir]);
    const navigation = page.getByRole('navigation', { name: nav });
    await expect(navigation.getByRole('link')).toHaveText(links);
    const hrefs = await navigation.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([`${FRAME}/${lng}`, `${FRAME}/${lng}/promotion`, `${FRAME}/${lng}/lotto`, '/bonus/rules']);
    // The bonus-rules event: the rules offered on the page, recorded; the page stays where it is.
    await expect
      .poll(() => events.filter((e) => e.name === 'bonus_rules_offered').map((e) => e.payload), { timeout: 15_000 })
      .toEqual([expect.objectContaining({ path: `${FRAME}/foo/bar`, status: 404, rulesPath: '/bonus/rules' })]);
    await expect(page).toHaveURL(`${FRAME}/foo/bar`);
    // A frame link goes to the frame's page in the same language.
    await navigation.getByRole('link', { name: links[1] }).click();
    await expect(page).toHaveURL(`${FRAME}/${lng}/promotion`);
    await expect(page.getByRole('heading', { level: 1, name: promotions })).toBeVisible();
  });
}

/** The messages of a type the demo host received, newest first. */
const received = (page: Page, type: string) =>
  page.locator(`#message-log li[data-direction="in"][data-type="${type}"]`);

test('inside the demo host, the error page offers the bonus rules without moving the host; the link asks the host to open them', async ({
  page,
  baseURL,
  problems,
}) => {
  problems.allow(NOT_FOUND_LOGS);
  const frame = await openCrossOriginDemo(page, baseURL, `${FRAME}/foo/bar`);
  await expect(frame.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  // Shown: the event reaches the host's tag manager, and no navigation message goes with it.
  await expect(received(page, 'pageNotFound')).toHaveCount(1);
  await expect
    .poll(() => page.evaluate(() => (window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []), {
      timeout: 15_000,
    })
    .toContainEqual(
      expect.objectContaining({ event: 'bonus_rules_offered', path: `${FRAME}/foo/bar`, rulesPath: '/bonus/rules' }),
    );
  await expect(received(page, 'bonus')).toHaveCount(0);
  await expect(page.locator('#host-location')).toHaveText('home');
  // Followed: the host is asked to open its bonus rules page; the frame stays on its page.
  await frame.getByRole('navigation', { name: 'Useful links' }).getByRole('link', { name: 'Bonus rules' }).click();
  await expect(received(page, 'bonus')).toHaveCount(1);
  await expect(received(page, 'bonus')).toContainText('"data":{"path":"/bonus/rules"}');
  await expect(page.locator('#host-location')).toHaveText('bonus: /bonus/rules');
  await expect(frame.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
});
