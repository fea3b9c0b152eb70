import { expect, test } from 'vitest';
import {
  ACCOUNT_FREE_FAILURES,
  backOffMs,
  CLEAN_SOURCE_DELAY_MS,
  createLoginThrottle,
  FIRST_WAIT_MS,
  FORGET_MS,
  FREE_FAILURES,
  MAX_WAIT_MS,
  SOURCE_FREE_FAILURES,
} from './login-throttle.ts';

const A = '203.0.113.1';
const B = '198.51.100.2';

function clock() {
  let now = 1_000_000;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

test('the back-off starts after the free failures and doubles up to 15 minutes', () => {
  expect([4, 5, 6, 7, 8].map((n) => backOffMs(n, FREE_FAILURES))).toEqual([0, 1000, 2000, 4000, 8000]);
  expect(backOffMs(FREE_FAILURES + 10, FREE_FAILURES)).toBe(MAX_WAIT_MS);
  expect(backOffMs(FREE_FAILURES + 5000, FREE_FAILURES)).toBe(MAX_WAIT_MS);
});

test('one source on one account waits 1 s, 2 s, 4 s ... after five failures, and is refused meanwhile', () => {
  const time = clock();
  const throttle = createLoginThrottle(time.now);
  for (let i = 0; i < FREE_FAILURES; i += 1) {
    expect(throttle.check('Player', A).retryAfterMs).toBe(0);
    throttle.failed('player', A);
  }
  const waits: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const wait = throttle.check(' PLAYER ', A).retryAfterMs;
    waits.push(wait);
    time.advance(wait);
    expect(throttle.check('player', A).retryAfterMs).toBe(0);
    throttle.failed('player', A);
  }
  expect(waits).toEqual([1000, 2000, 4000, 8000, 16000]);
  expect(throttle.check('someone-else', A).retryAfterMs).toBe(0);
});

test('an attacker failing 50 times at A does not lock out the owner at B', () => {
  const throttle = createLoginThrottle(clock().now);
  for (let i = 0; i < 50; i += 1) throttle.failed('demo.player', A);
  expect(throttle.check('demo.player', A).retryAfterMs).toBeGreaterThan(60_000);
  // B has failed nowhere: it goes through, at most after the short delay of an account under attack.
  expect(throttle.check('demo.player', B)).toEqual({ retryAfterMs: 0, delayMs: CLEAN_SOURCE_DELAY_MS });
  throttle.succeeded('demo.player', B);
  // Signed in there, B is trusted: no delay at all; A is still refused.
  expect(throttle.check('demo.player', B)).toEqual({ retryAfterMs: 0, delayMs: 0 });
  expect(throttle.check('demo.player', A).retryAfterMs).toBeGreaterThan(0);
});

test('an account failing from many sources makes the failing ones wait, not a trusted or clean one', () => {
  const throttle = createLoginThrottle(clock().now);
  const owner = '192.0.2.7';
  throttle.succeeded('demo.player', owner);
  // The owner mistyped once there too: a trusted source is not held to the account's back-off.
  throttle.failed('demo.player', owner);
  const bots = Array.from({ length: ACCOUNT_FREE_FAILURES + 3 }, (_, i) => `10.0.${i}.1`);
  for (const bot of bots) throttle.failed('demo.player', bot);
  // Each bot failed once only, yet the account's back-off holds them all.
  expect(throttle.check('demo.player', bots[0] ?? '').retryAfterMs).toBe(
    backOffMs(bots.length + 1, ACCOUNT_FREE_FAILURES),
  );
  expect(throttle.check('demo.player', owner)).toEqual({ retryAfterMs: 0, delayMs: 0 });
  const clean = throttle.check('demo.player', B);
  expect(clean.retryAfterMs).toBe(0);
  expect(clean.delayMs).toBeLessThanOrEqual(CLEAN_SOURCE_DELAY_MS);
  // Other accounts are untouched for the bots.
  expect(throttle.check('demo.arabic', bots[0] ?? '').retryAfterMs).toBe(0);
});

test('a source failing on many accounts waits on each, except where it is trusted', () => {
  const throttle = createLoginThrottle(clock().now);
  throttle.succeeded('mine', A);
  for (let i = 0; i < SOURCE_FREE_FAILURES; i += 1) throttle.failed(`user-${i}`, A);
  expect(throttle.check('user-new', A).retryAfterMs).toBe(1000);
  expect(throttle.check('mine', A).retryAfterMs).toBe(0);
  expect(throttle.check('user-new', B).retryAfterMs).toBe(0);
});

test('a success clears the count of its source; counts are forgotten an hour after the last failure', () => {
  const time = clock();
  const throttle = createLoginThrottle(time.now);
  for (let i = 0; i < FREE_FAILURES - 1; i += 1) throttle.failed('player', A);
  throttle.succeeded('player', A);
  throttle.failed('player', A);
  expect(throttle.check('player', A).retryAfterMs).toBe(0);
  for (let i = 0; i < 30; i += 1) throttle.failed('other', B);
  expect(throttle.check('other', B).retryAfterMs).toBe(MAX_WAIT_MS);
  time.advance(FORGET_MS);
  expect(throttle.check('other', B).retryAfterMs).toBe(0);
});

test('memory is bounded: past the cap the oldest entries go', () => {
  const throttle = createLoginThrottle(clock().now, 100);
  for (let i = 0; i < 10_000; i += 1) throttle.failed(`user-${i}`, `10.${i >> 8}.${i & 255}.1`);
  expect(throttle.size()).toBeLessThanOrEqual(4 * 100);
  for (let i = 0; i < 10_000; i += 1) throttle.succeeded(`user-${i}`, `10.${i >> 8}.${i & 255}.1`);
  expect(throttle.size()).toBeLessThanOrEqual(4 * 100);
});

test('a sign-in is reserved as a failure before its check; one that succeeds takes it back', () => {
  const throttle = createLoginThrottle(clock().now);
  // An office behind one address: many players sign in, each reserving then succeeding.
  for (let i = 0; i < SOURCE_FREE_FAILURES + 10; i += 1) {
    throttle.failed(`colleague-${i}`, A);
    throttle.succeeded(`colleague-${i}`, A);
  }
  expect(throttle.check('colleague-new', A)).toEqual({ retryAfterMs: 0, delayMs: 0 });
  // Reserved and not taken back: they count as the failures they turned out to be.
  for (let i = 0; i < FREE_FAILURES; i += 1) throttle.failed('player', B);
  expect(throttle.check('player', B).retryAfterMs).toBe(FIRST_WAIT_MS);
});
