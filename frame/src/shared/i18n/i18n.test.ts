import { expect, test, vi } from 'vitest';
import { addDictionaryUnit, applyDictionary, i18n } from './i18n.ts';

test('before any dictionary loads, the error page keys have offline texts', async () => {
  // A fresh instance of the module: the tests run in a shuffled order, and others load dictionaries.
  vi.resetModules();
  const fresh = (await import('./i18n.ts')).i18n;
  expect(fresh.t('error_page_message_404')).toBe('This page could not be found');
  expect(fresh.t('home_title')).toBe('');
});

test('a loaded dictionary is used, and a missing key logs and renders empty text', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await applyDictionary('ru', { home_title: 'Главная' });
  expect(i18n.language).toBe('ru');
  expect(i18n.t('home_title')).toBe('Главная');
  expect(i18n.t('not_in_dictionary')).toBe('');
  expect(i18n.t('error_page_message_404')).toBe('');
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('missing translation key "not_in_dictionary"'));
  warn.mockRestore();
});

test('interpolation fills values without HTML escaping (React escapes)', async () => {
  await applyDictionary('en', { footer_copyright: '© {{since}}–{{year}} {{holder}}' });
  expect(i18n.t('footer_copyright', { since: 2019, year: 2026, holder: 'A & B' })).toBe('© 2019–2026 A & B');
});

test('an empty dictionary is reported', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await applyDictionary('ar', {});
  expect(error).toHaveBeenCalledWith('i18n: dictionary for "ar" is empty');
  error.mockRestore();
});

test("the project's extra texts stay over a unit's, whichever comes first (server and browser add them in other orders)", async () => {
  await applyDictionary('ru', { app_title: 'Акции' }, { promo_section_title: 'Акции PromoBet' });
  addDictionaryUnit('ru', { promo_section_title: 'Все акции', promo_hero_cta: 'Участвовать' });
  expect(i18n.t('promo_section_title', { lng: 'ru' })).toBe('Акции PromoBet');
  expect(i18n.t('promo_hero_cta', { lng: 'ru' })).toBe('Участвовать');
});
