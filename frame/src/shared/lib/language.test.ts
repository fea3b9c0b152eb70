import { expect, test } from 'vitest';
import { assertLanguageAvailable, directionOf, LanguageUnavailableError, resolveLanguage } from './language.ts';

const available = ['en', 'ru', 'ar'];

test('the route language wins when it is available', () => {
  expect(resolveLanguage({ route: 'ar', previous: 'ru', cookie: 'en' }, available, 'en')).toBe('ar');
});

test('an unavailable route language falls back to the previous route language', () => {
  expect(resolveLanguage({ route: 'de', previous: 'ru', cookie: 'ar' }, available, 'en')).toBe('ru');
});

test('then to the language cookie', () => {
  expect(resolveLanguage({ route: 'de', previous: null, cookie: 'ar' }, available, 'en')).toBe('ar');
  expect(resolveLanguage({ route: undefined, previous: 'xx', cookie: 'ru' }, available, 'en')).toBe('ru');
});

test('then to the default language', () => {
  expect(resolveLanguage({ route: 'de', previous: 'fr', cookie: 'it' }, available, 'en')).toBe('en');
  expect(resolveLanguage({}, available, 'ru')).toBe('ru');
});

test('malformed candidates are skipped, never used', () => {
  expect(resolveLanguage({ route: 'EN', previous: 'english', cookie: '<x>' }, available, 'ru')).toBe('ru');
});

test('the default language counts as available even when the list omits it', () => {
  expect(resolveLanguage({ route: 'tr' }, ['en'], 'tr')).toBe('tr');
  expect(() => assertLanguageAvailable('tr', ['en'], 'tr')).not.toThrow();
});

test('an unavailable language raises an error naming it', () => {
  expect(() => assertLanguageAvailable('de', available, 'en')).toThrow(LanguageUnavailableError);
  expect(() => assertLanguageAvailable('de', available, 'en')).toThrow('Language "de" is not available');
});

test('a default language outside an empty list still resolves (it is the default)', () => {
  expect(resolveLanguage({ route: 'ar' }, [], 'en')).toBe('en');
});

test('right-to-left languages get dir rtl', () => {
  expect(directionOf('ar')).toBe('rtl');
  expect(directionOf('fa')).toBe('rtl');
  expect(directionOf('he')).toBe('rtl');
  expect(directionOf('en')).toBe('ltr');
  expect(directionOf('ru')).toBe('ltr');
});
