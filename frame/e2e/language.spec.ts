import { expect, FRAME, htmlLangDir, test } from './fixtures.ts';

test('an RTL language mirrors the page: html dir, text alignment, start-aligned content', async ({ page }) => {
  await page.goto(`${FRAME}/ar`);
  const title = page.getByRole('heading', { level: 1, name: 'العب أكثر، اربح أكثر' });
  await expect(title).toBeVisible();
  expect(await htmlLangDir(page)).toEqual(['ar', 'rtl']);
  // Inline start is the right side in RTL: the primary call to action comes first, on the right.
  const primary = await page.getByRole('link', { name: 'العب اليانصيب' }).boundingBox();
  const secondary = await page.getByRole('link', { name: 'شاهد العروض' }).boundingBox();
  if (!primary || !secondary) throw new Error('no layout');
  expect(primary.y).toBeCloseTo(secondary.y, 0);
  expect(primary.x).toBeGreaterThan(secondary.x + secondary.width - 1);
});

test('the language switcher moves between LTR and RTL and keeps the page', async ({ page }) => {
  await page.goto(`${FRAME}/lotto/results`);
  await expect(page.getByRole('heading', { name: 'Latest results' })).toBeVisible();
  await page.getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL(`${FRAME}/ar/lotto/results`);
  await expect(page.getByRole('heading', { name: 'أحدث النتائج' })).toBeVisible();
  expect(await htmlLangDir(page)).toEqual(['ar', 'rtl']);
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(`${FRAME}/en/lotto/results`);
  await expect(page.getByRole('heading', { name: 'Latest results' })).toBeVisible();
  expect(await htmlLangDir(page)).toEqual(['en', 'ltr']);
});

test('an unavailable route language falls back to the previous route language', async ({ page }) => {
  await page.goto(`${FRAME}/ru/lotto`);
  await expect(page.getByRole('heading', { name: 'Лотереи мира' })).toBeVisible();
  // Client-side navigation to a language the config does not offer.
  await page.evaluate(() => {
    history.pushState({}, '', '/promo-frame/de/lotto/tickets');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(`${FRAME}/de/lotto/tickets`);
  await expect(page.getByRole('heading', { name: 'Мои билеты' })).toBeVisible();
  expect(await htmlLangDir(page)).toEqual(['ru', 'ltr']);
});

test('without route or previous language, the language cookie decides, then the default', async ({ page, context }) => {
  await context.addCookies([{ name: 'language', value: 'ar', url: 'http://127.0.0.1' }]);
  await page.goto(`${FRAME}/lotto`);
  await expect(page.getByRole('heading', { name: 'يانصيب العالم' })).toBeVisible();
  await context.clearCookies();
  await page.goto(`${FRAME}/lotto`);
  await expect(page.getByRole('heading', { name: 'World lotteries' })).toBeVisible();
});

test('visiting a language prefix remembers it in the language cookie', async ({ page, context }) => {
  await page.goto(`${FRAME}/ru`);
  await expect(page.getByRole('heading', { level: 1, name: 'Играйте больше — выигрывайте больше' })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'language')?.value).toBe('ru');
});
