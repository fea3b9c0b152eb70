import { siteConfigUrl } from '@promo/contract';
import { expect, test } from 'vitest';
import { testDatabaseUrl, useTestServer } from '../testing.ts';

/** Spec 5: the config names the project's stylesheets and the dictionary's extra block. */
const server = useTestServer(testDatabaseUrl);

test.each([
  ['en', 'PromoBet promotions'],
  ['ru', 'Акции PromoBet'],
  ['ar', 'عروض PromoBet'],
])('the %s config carries its own extra block and the two stylesheets, which are served', async (lang, start) => {
  const config = (await server.app.inject({ url: siteConfigUrl(lang) })).json();
  expect(config.dictionaryExtra.meta_description.startsWith(start)).toBe(true);
  for (const url of [config.uiStyle.colorSchemeUrl, config.uiStyle.cssVariablesUrl]) {
    const sheet = await server.app.inject({ url });
    expect([url, sheet.statusCode, sheet.headers['content-type']]).toEqual([url, 200, 'text/css; charset=utf-8']);
  }
});

test('a language that is not enabled gets the main language extra block, like its dictionary', async () => {
  const config = (await server.app.inject({ url: siteConfigUrl('zz') })).json();
  expect(config.lang).toBe('en');
  expect(config.dictionaryExtra.meta_description).toMatch(/^PromoBet promotions/);
});
