import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';

/** A node process with the test clock loaded first, printing what its Date says. */
function runWithClock(env: Record<string, string>) {
  // After 50 ms, so the clock has moved on (its whole milliseconds, as Date.now gives them).
  const script =
    'setTimeout(() => console.log(JSON.stringify({ now: Date.now(), iso: new Date().toISOString() })), 50)';
  return spawnSync(
    process.execPath,
    ['--import', new URL('./testing-clock.ts', import.meta.url).pathname, '-e', script],
    {
      env: { ...process.env, NODE_ENV: 'test', ...env },
      encoding: 'utf8',
    },
  );
}

test('with TEST_CLOCK_START the process starts at that instant and its clock runs on from there', () => {
  const run = runWithClock({ TEST_CLOCK_START: '2030-01-02T10:00:00Z' });
  expect(run.status, run.stderr).toBe(0);
  const { now, iso } = JSON.parse(run.stdout) as { now: number; iso: string };
  const start = Date.parse('2030-01-02T10:00:00Z');
  expect(Number.isInteger(now)).toBe(true);
  expect(now).toBeGreaterThan(start);
  expect(now - start).toBeLessThan(5_000);
  expect(iso.slice(0, 13)).toBe('2030-01-02T10');
});

test('without it the clock is the real one', () => {
  const run = runWithClock({});
  expect(run.status, run.stderr).toBe(0);
  const { now } = JSON.parse(run.stdout) as { now: number };
  expect(Math.abs(now - Date.now())).toBeLessThan(5_000);
});

test('refused in production and for a value that is not a date, with the reason', () => {
  const production = runWithClock({ TEST_CLOCK_START: '2030-01-02T10:00:00Z', NODE_ENV: 'production' });
  expect(production.status).toBe(1);
  expect(production.stderr).toContain('refused with NODE_ENV=production');
  const garbage = runWithClock({ TEST_CLOCK_START: 'next tuesday' });
  expect(garbage.status).toBe(1);
  expect(garbage.stderr).toContain('TEST_CLOCK_START is not a date: next tuesday');
});
