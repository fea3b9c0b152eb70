import { expect, FRAME, openCrossOriginDemo, recordRequests, test } from './fixtures.ts';

/**
 * Spec 7: dictionaries load by language, by the units a route's metadata names, and by unit; the
 * config carries the shell's unit only. The lottery section's texts are the lotto unit's.
 */
test('a visitor moving to the lotteries loads their unit once, beside the page; the config never carries it', async ({
  page,
}) => {
  const configs = recordRequests(page, '/config/all.json');
  const units = recordRequests(page, '/dictionary/lotto.json');
  await page.goto(`${FRAME}/en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(units).toHaveLength(0);
  const config = await (await configs[0]?.response())?.json();
  expect(config.dictionary.app_title).toBe('Promotions and bonuses');
  expect(config.dictionary.lotto_tab_results).toBeUndefined();

  await page.getByRole('link', { name: 'Play lotteries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'World lotteries' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Lottery sections' });
  await expect(tabs.getByRole('link', { name: 'Results' })).toBeVisible();
  expect(units.map((request) => new URL(request.url()).search)).toEqual(['?lang=en']);

  // The unit is kept: the section's other pages and the way back ask for it no more.
  await tabs.getByRole('link', { name: 'Results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Latest results' })).toBeVisible();
  await tabs.getByRole('link', { name: 'Lotteries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'World lotteries' })).toBeVisible();
  expect(units).toHaveLength(1);
});

test('a unit that does not load is logged by name; its texts are empty and the rest of the page works', async ({
  page,
  problems,
}) => {
  problems.allow(/the dictionary unit "lotto" \(en\) did not load|status of 503/);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${FRAME}/en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
  await page.route('**/bff-api/dictionary/lotto.json**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"statusCode":503,"error":"unavailable","message":"Unavailable"}',
    }),
  );
  await page.getByRole('link', { name: 'Play lotteries' }).click();
  // The shell's texts and the page's data are there: the title, the lotteries, the footer.
  await expect(page.getByRole('heading', { level: 1, name: 'World lotteries' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Powerball' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('All rights reserved');
  // The unit's own texts read empty, never as keys.
  await expect(page.getByRole('link', { name: 'Results', exact: true })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('lotto_tab_results');
  expect(errors.filter((text) => text.includes('the dictionary unit "lotto" (en) did not load'))).toHaveLength(1);
});

test('inside a host, the frame renders and hydrates with its route unit in the host language', async ({
  page,
  baseURL,
}) => {
  const units: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.includes('/bff-api/dictionary/')) units.push(`${url.pathname}${url.search}`);
  });
  const frame = await openCrossOriginDemo(page, baseURL, `${FRAME}/ru/lotto`);
  await expect(frame.getByRole('heading', { level: 1, name: 'Лотереи мира' })).toBeVisible();
  const tabs = frame.getByRole('navigation', { name: 'Разделы лотерей' });
  await expect(tabs.getByRole('link', { name: 'Результаты' })).toBeVisible();
  expect(units).toEqual(['/promo-frame/bff-api/dictionary/lotto.json?lang=ru']);
});
