import { beforeEach, expect, test } from 'vitest';
import { forgetPendingSpin, PENDING_SPIN_TTL_MS, pendingSpinSince, rememberPendingSpin } from './pending-spin.ts';

beforeEach(() => localStorage.clear());

test('a spin pressed is remembered per promotion and player until forgotten', () => {
  rememberPendingSpin(137, 5, 1_000_000);
  expect(pendingSpinSince(137, 5, 1_000_500)).toBe(1_000_000);
  expect(pendingSpinSince(137, 6, 1_000_500)).toBeNull();
  expect(pendingSpinSince(138, 5, 1_000_500)).toBeNull();
  forgetPendingSpin(137, 5);
  expect(pendingSpinSince(137, 5, 1_000_500)).toBeNull();
});

test('an old marker is no news', () => {
  rememberPendingSpin(137, 5, 1_000_000);
  expect(pendingSpinSince(137, 5, 1_000_000 + PENDING_SPIN_TTL_MS)).toBeNull();
});
