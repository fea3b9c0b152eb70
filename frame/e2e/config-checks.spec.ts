import { expect, FRAME, openCrossOriginDemo, test } from './fixtures.ts';

/**
 * Spec 5: the config's extra dictionary block and the project's stylesheets (colour scheme, CSS
 * variables). Wrong or missing, they are logged and the page renders with its defaults.
 */
test("the project's stylesheets load over the frame's and the extra block's wording reaches the page", async ({
  page,
  request,
}) => {
  const html = await (await request.get(`${FRAME}/ru`)).text();
  expect(html).toContain('<meta name="description" content="Акции PromoBet: бонусы, фрибеты');
  await page.goto(`${FRAME}/en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Play more, win more' })).toBeVisible();
  const links = page.locator('link[rel="stylesheet"][data-project-styles]');
  await expect(links).toHaveCount(2);
  // Last in the document, after the frame's own stylesheets: where both set something, theirs wins.
  const sheets = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]:not([disabled])')].map((link) => link.getAttribute('href')),
  );
  expect(sheets.slice(-2)).toEqual(['/genfiles/cms/styles/color-scheme.css', '/genfiles/cms/styles/css-variables.css']);
  expect(sheets.length).toBeGreaterThan(2);
  // The colour scheme's native controls take the theme's accent; the variables name the font.
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).accentColor))
    .toBe('rgb(255, 184, 0)');
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--font-family-base')))
    .toContain('system-ui');
});

test('without the stylesheets and with an empty extra block, each is logged and the page keeps its defaults', async ({
  page,
  baseURL,
  problems,
}) => {
  problems.allow(/config: the (colour scheme|CSS variables) URL/);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('config: ')) logged.push(`${message.type()} ${message.text()}`);
  });
  await page.route('**/bff-api/config/all.json?lang=*', async (route) => {
    const config = await (await route.fetch()).json();
    const { colorSchemeUrl: _scheme, cssVariablesUrl: _variables, ...uiStyle } = config.uiStyle;
    await route.fulfill({ json: { ...config, uiStyle, dictionaryExtra: {} } });
  });
  // In the demo host: the frame's page is rendered in the browser with the answer it is given.
  const frame = await openCrossOriginDemo(page, baseURL, `${FRAME}/en/promotion`);
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => logged.length).toBe(3);
  expect(logged.sort()).toEqual([
    'error config: the CSS variables URL (uiStyle.cssVariablesUrl) is missing; the default styles apply',
    'error config: the colour scheme URL (uiStyle.colorSchemeUrl) is missing; the default styles apply',
    'warning config: the dictionary extra block (dictionaryExtra) is empty ({}); it is not applied',
  ]);
  await expect(frame.locator('link[data-project-styles]')).toHaveCount(0);
  // The default styles: the dark theme's background and text.
  const colours = await frame
    .locator('html')
    .evaluate((root) => [getComputedStyle(root).backgroundColor, getComputedStyle(root).color]);
  expect(colours).toEqual(['rgb(11, 16, 32)', 'rgb(243, 245, 255)']);
});
