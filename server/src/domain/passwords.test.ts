import { expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo-players.ts';
import {
  createPasswordPolicy,
  DEVELOPMENT_SCRYPT_LOG2N,
  hashPassword,
  PRODUCTION_SCRYPT_LOG2N,
  verifyPassword,
} from './passwords.ts';

test('a hashed password verifies and a wrong one does not', async () => {
  const stored = await hashPassword('promo-123', DEVELOPMENT_SCRYPT_LOG2N);
  expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
  expect(stored).not.toContain('promo-123');
  expect(await verifyPassword('promo-123', stored)).toBe(true);
  expect(await verifyPassword('promo-124', stored)).toBe(false);
});

test("production's cost is scrypt N = 2^17 by default, and its hashes verify", async () => {
  const stored = await hashPassword('promo-123');
  expect(PRODUCTION_SCRYPT_LOG2N).toBeGreaterThanOrEqual(17);
  expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
  expect(await verifyPassword('promo-123', stored)).toBe(true);
});

test('two hashes of one password differ (random salt)', async () => {
  expect(await hashPassword('same', 10)).not.toBe(await hashPassword('same', 10));
});

test('malformed stored hashes never match', async () => {
  for (const stored of ['', 'plain', 'scrypt$x$8$1$c2FsdA==$aGFzaA==', 'bcrypt$1$2$3$4$5', 'disabled']) {
    expect(await verifyPassword('anything', stored)).toBe(false);
  }
});

test('a hash made at less than the policy cost is due for a new one; at it or above, not; no hash, never', async () => {
  const policy = createPasswordPolicy(12);
  expect(policy.needsRehash(await hashPassword('x', 11))).toBe(true);
  expect(policy.needsRehash(await hashPassword('x', 12))).toBe(false);
  expect(policy.needsRehash(await hashPassword('x', 13))).toBe(false);
  expect(policy.needsRehash('disabled')).toBe(false);
});

test('the check of a login that does not exist never matches, whatever the password', async () => {
  const policy = createPasswordPolicy(DEVELOPMENT_SCRYPT_LOG2N);
  for (const password of ['', 'promo-123', DEMO_PASSWORD]) expect(await policy.verifyNoPassword(password)).toBe(false);
});
