import { afterEach, expect, test, vi } from 'vitest';
import { readCookie, writeCookie } from './cookies.ts';

/** What the page writes to document.cookie, as the browser receives it. */
function written(): string[] {
  const lines: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  vi.spyOn(document, 'cookie', 'set').mockImplementation((line: string) => {
    lines.push(line);
    descriptor?.set?.call(document, line);
  });
  return lines;
}

afterEach(() => {
  vi.restoreAllMocks();
});

test('over plain http a cookie is written for the site, not Secure (the browser would drop it)', () => {
  const lines = written();
  writeCookie('user_token', 'a.b.c', 60);
  expect(lines).toEqual(['user_token=a.b.c; max-age=60; path=/; SameSite=Lax']);
  expect(readCookie('user_token')).toBe('a.b.c');
});
