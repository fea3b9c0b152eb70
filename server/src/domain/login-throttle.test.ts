import { expect, test } from 'vitest';
import { createLoginThrottle, FAILED_LOGIN_WINDOW_MS, MAX_FAILED_LOGINS } from './login-throttle.ts';

test('a login is refused after the allowed failures until the window ends', () => {
  let now = 0;
  const throttle = createLoginThrottle(() => now);
  for (let i = 0; i < MAX_FAILED_LOGINS; i += 1) {
    expect(throttle.retryAfterMs('Player')).toBe(0);
    throttle.failed('player');
  }
  expect(throttle.retryAfterMs(' PLAYER ')).toBe(FAILED_LOGIN_WINDOW_MS);
  expect(throttle.retryAfterMs('someone-else')).toBe(0);
  now += FAILED_LOGIN_WINDOW_MS - 1;
  expect(throttle.retryAfterMs('player')).toBe(1);
  now += 1;
  expect(throttle.retryAfterMs('player')).toBe(0);
});

test('a success clears the count', () => {
  const throttle = createLoginThrottle(() => 0);
  for (let i = 0; i < MAX_FAILED_LOGINS - 1; i += 1) throttle.failed('player');
  throttle.succeeded('player');
  throttle.failed('player');
  expect(throttle.retryAfterMs('player')).toBe(0);
});
