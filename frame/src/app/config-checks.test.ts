import type { SiteConfig } from '@promo/contract';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { checkSiteConfig } from './config-checks.ts';

const STYLES = {
  colorSchemeUrl: '/genfiles/cms/styles/color-scheme.css',
  cssVariablesUrl: '/genfiles/cms/styles/css-variables.css',
};

/** A config with only what the checks read. */
const configWith = (dictionaryExtra: unknown, uiStyle: Partial<SiteConfig['uiStyle']> = STYLES): SiteConfig =>
  ({ dictionaryExtra, uiStyle }) as unknown as SiteConfig;

let warnings: ReturnType<typeof vi.spyOn>;
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

test('a non-empty extra block of texts goes over the dictionary, with nothing logged', () => {
  const extra = { meta_description: 'PromoBet promotions' };
  expect(checkSiteConfig(configWith(extra))).toEqual(extra);
  expect(warnings).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
});

test.each([
  ['missing', undefined, 'is missing'],
  ['null', null, 'is null'],
  ['an array', [{ a: 'A' }], 'is an array, not an object'],
  ['empty', {}, 'is empty ({})'],
  ['a text', 'PromoBet', 'is a string, not an object'],
  ['not texts', { a: 'A', b: 2 }, 'has entries that are not texts: b'],
])('an extra block that is %s is a warning naming it, and is not applied', (_name, block, problem) => {
  expect(checkSiteConfig(configWith(block))).toEqual({});
  expect(warnings).toHaveBeenCalledExactlyOnceWith(
    `config: the dictionary extra block (dictionaryExtra) ${problem}; it is not applied`,
  );
  expect(errors).not.toHaveBeenCalled();
});

test.each([
  ['colour scheme', { cssVariablesUrl: STYLES.cssVariablesUrl }, 'the colour scheme URL (uiStyle.colorSchemeUrl)'],
  [
    'CSS variables',
    { colorSchemeUrl: STYLES.colorSchemeUrl, cssVariablesUrl: null },
    'the CSS variables URL (uiStyle.cssVariablesUrl)',
  ],
])('a missing %s URL is one error naming it', (_name, uiStyle, named) => {
  checkSiteConfig(configWith({ a: 'A' }, uiStyle));
  expect(errors).toHaveBeenCalledExactlyOnceWith(`config: ${named} is missing; the default styles apply`);
});

test('both URLs missing are an error each; a config is checked once, however many pages enter it', () => {
  const config = configWith({ a: 'A' }, {});
  for (let page = 0; page < 3; page += 1) checkSiteConfig(config);
  expect(errors).toHaveBeenCalledTimes(2);
});
