import { expect, test } from 'vitest';
import { isLanguageCode, isRtlLanguage } from './languages.ts';
import { tokenResponseSchema } from './session.ts';
import { siteConfigSchema } from './site-config.ts';

test('language codes are exactly two lowercase letters', () => {
  expect(['en', 'ru', 'ar'].every(isLanguageCode)).toBe(true);
  expect([undefined, null, 1, 'EN', 'eng', 'e', 'e1', 'en-US', ''].some(isLanguageCode)).toBe(false);
});

test('right-to-left languages', () => {
  expect(isRtlLanguage('ar')).toBe(true);
  expect(isRtlLanguage('en')).toBe(false);
});

test('schemas reject, never throw, on foreign shapes', () => {
  for (const value of [null, undefined, 'x', 1, [], {}, { languages: 'nope' }, { __proto__: { lang: 'en' } }]) {
    expect(siteConfigSchema.safeParse(value).success).toBe(false);
  }
  expect(tokenResponseSchema.safeParse({ token: '' }).success).toBe(false);
  expect(tokenResponseSchema.safeParse({ token: 'a.b.c' }).success).toBe(true);
});
