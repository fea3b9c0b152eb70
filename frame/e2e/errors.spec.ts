import { chunkPattern, expect, FRAME, htmlLangDir, test } from './fixtures.ts';

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
    await page.route(chunkPattern('home'), (route) => route.abort());
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
