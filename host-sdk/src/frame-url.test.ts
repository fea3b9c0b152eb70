import { expect, test } from 'vitest';
import { buildFrameUrl } from './frame-url.ts';

test('builds the frame URL with an optional language and route', () => {
  expect(buildFrameUrl({ origin: 'https://promo.example.com' })).toBe('https://promo.example.com/promo-frame/');
  expect(buildFrameUrl({ origin: 'https://promo.example.com/', lng: 'ar' })).toBe(
    'https://promo.example.com/promo-frame/ar',
  );
  expect(buildFrameUrl({ origin: 'http://127.0.0.1:8085', lng: 'en', path: '/lotto/results/' })).toBe(
    'http://127.0.0.1:8085/promo-frame/en/lotto/results',
  );
});

test('encodes route segments', () => {
  expect(buildFrameUrl({ origin: 'https://a.example', path: 'promotion/a b?x' })).toBe(
    'https://a.example/promo-frame/promotion/a%20b%3Fx',
  );
});

test.each([
  [{ origin: 'https://a.example/evil' }],
  [{ origin: 'https://user:pw@a.example' }],
  [{ origin: 'not a url' }],
  [{ origin: 'https://a.example', lng: 'EN' }],
  [{ origin: 'https://a.example', lng: 'eng' }],
  [{ origin: 'https://a.example', path: '../../admin' }],
])('rejects %o', (options) => {
  expect(() => buildFrameUrl(options)).toThrow(TypeError);
});
