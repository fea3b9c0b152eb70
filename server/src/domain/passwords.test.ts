import { expect, test } from 'vitest';
import { hashPassword, verifyNoPassword, verifyPassword } from './passwords.ts';

test('a hashed password verifies and a wrong one does not', async () => {
  const stored = await hashPassword('promo-123');
  expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
  expect(stored).not.toContain('promo-123');
  expect(await verifyPassword('promo-123', stored)).toBe(true);
  expect(await verifyPassword('promo-124', stored)).toBe(false);
});

test('two hashes of one password differ (random salt)', async () => {
  expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
});

test('malformed stored hashes never match', async () => {
  for (const stored of ['', 'plain', 'scrypt$x$8$1$c2FsdA==$aGFzaA==', 'bcrypt$1$2$3$4$5']) {
    expect(await verifyPassword('anything', stored)).toBe(false);
  }
});

test('the check of a login that does not exist never matches, whatever the password', async () => {
  for (const password of ['', 'promo-123', 'Promo-2026!']) expect(await verifyNoPassword(password)).toBe(false);
});
