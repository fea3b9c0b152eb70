import fc from 'fast-check';
import { expect, test } from 'vitest';
import { sha256Hex } from '../sha256.ts';
import { propertyRuns } from '../testing.ts';
import { nextWheelDayMs, verifySpin, WHEEL_SEGMENTS, wheelOutcome } from './wheel.ts';

test('the outcome is a pure function of seed, client seed and nonce, always a segment', async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ minLength: 1 }), fc.string(), fc.nat(), async (serverSeed, clientSeed, nonce) => {
      const a = await wheelOutcome(serverSeed, clientSeed, nonce);
      expect(a).toBe(await wheelOutcome(serverSeed, clientSeed, nonce));
      expect(a).toBeGreaterThanOrEqual(0);
      expect(a).toBeLessThan(WHEEL_SEGMENTS.length);
    }),
    propertyRuns('wheel outcome'),
  );
});

test('segments come up about as often as their weights say', async () => {
  const counts = new Array(WHEEL_SEGMENTS.length).fill(0);
  const spins = 8_000;
  for (let nonce = 0; nonce < spins; nonce += 1) counts[await wheelOutcome('fixed-seed', 'client', nonce)] += 1;
  for (const [index, segment] of WHEEL_SEGMENTS.entries()) {
    const expected = (segment.weight / 1000) * spins;
    // Within five standard deviations of a binomial count.
    const sigma = Math.sqrt(spins * (segment.weight / 1000) * (1 - segment.weight / 1000));
    expect(Math.abs(counts[index] - expected), `segment ${index}`).toBeLessThan(5 * sigma + 1);
  }
}, 60_000);

test('a spin verifies only with its own seed, hash, client seed and nonce', async () => {
  const serverSeed = 'a1b2c3';
  const spin = {
    serverSeed,
    serverSeedHash: await sha256Hex(serverSeed),
    clientSeed: 'player',
    nonce: 4,
    segment: await wheelOutcome(serverSeed, 'player', 4),
  };
  expect(await verifySpin(spin)).toBe(true);
  expect(await verifySpin({ ...spin, serverSeed: 'a1b2c4' })).toBe(false);
  expect(await verifySpin({ ...spin, segment: (spin.segment + 1) % WHEEL_SEGMENTS.length })).toBe(false);
  expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test('the next spins come at the next 00:00 UTC, also from the last millisecond of a day', () => {
  expect(nextWheelDayMs(Date.UTC(2026, 10, 25, 9, 30))).toBe(Date.UTC(2026, 10, 26));
  expect(nextWheelDayMs(Date.UTC(2026, 10, 25))).toBe(Date.UTC(2026, 10, 26));
  expect(nextWheelDayMs(Date.UTC(2026, 10, 26) - 1)).toBe(Date.UTC(2026, 10, 26));
});
