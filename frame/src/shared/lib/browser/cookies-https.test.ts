// @vitest-environment-options { "url": "https://promo.test/promo-frame/en" }
import { expect, test } from 'vitest';
import { readCookie, writeCookie } from './cookies.ts';

test('on a page served over https every cookie the frame writes is Secure', () => {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  const lines: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor?.get?.call(document),
    set: (line: string) => {
      lines.push(line);
      descriptor?.set?.call(document, line);
    },
  });
  writeCookie('user_token', 'a.b.c', 60);
  expect(lines).toEqual(['user_token=a.b.c; max-age=60; path=/; SameSite=Lax; Secure']);
  // The browser keeps it: the page is https.
  expect(readCookie('user_token')).toBe('a.b.c');
});
