import { expect, FRAME, htmlLangDir, test } from './fixtures.ts';

test('the blocked page shows a padlock, the title and the county message over a world map', async ({ page }) => {
  await page.goto(`${FRAME}/blockPage`);
  await expect(page.getByRole('heading', { level: 1, name: 'Access restricted' })).toBeVisible();
  await expect(page.getByText('Unfortunately, this service is not available in your county or region.')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('svg')).toHaveCount(2);
  // Empty layout: no footer, no language switcher.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('the blocked page in a right-to-left language', async ({ page }) => {
  await page.goto(`${FRAME}/ar/blockPage`);
  await expect(page.getByRole('heading', { level: 1, name: 'الوصول مقيّد' })).toBeVisible();
  expect(await htmlLangDir(page)).toEqual(['ar', 'rtl']);
});
