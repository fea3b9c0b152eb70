import { expect, test } from 'vitest';
import { getHref, withLanguage } from './paths.ts';

test('getHref builds basename-relative paths with an optional language prefix', () => {
  expect(getHref('home')).toBe('/');
  expect(getHref('home', {}, 'ar')).toBe('/ar');
  expect(getHref('lotto')).toBe('/lotto');
  expect(getHref('lottoGame', { lottoId: 'powerball' }, 'ru')).toBe('/ru/lotto/game/powerball');
  expect(getHref('promotion', { name: 'spin-wheel' })).toBe('/promotion/spin-wheel');
  expect(getHref('cmsPage', { cmsPageType: 'bonus', cmsPage: 'welcome' }, 'en')).toBe('/en/bonus/welcome');
  expect(getHref('blockPage', {}, null)).toBe('/blockPage');
});

test('getHref encodes parameter values', () => {
  expect(getHref('promotion', { name: 'a b/c' })).toBe('/promotion/a%20b%2Fc');
});

test('withLanguage adds or replaces the prefix', () => {
  expect(withLanguage('/', 'ar')).toBe('/ar');
  expect(withLanguage('/lotto/results', 'ru')).toBe('/ru/lotto/results');
  expect(withLanguage('/en/lotto', 'ar')).toBe('/ar/lotto');
  expect(withLanguage('/en', 'ru')).toBe('/ru');
  expect(withLanguage('/banner', 'en')).toBe('/en/banner');
});
