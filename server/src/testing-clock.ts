/**
 * A server whose clock starts at a fixed instant, for the screenshot tests only (issue 37): with
 * `TEST_CLOCK_START=2030-01-02T10:00:00Z`, loaded before anything else
 * (`node --import ./server/src/testing-clock.ts server/src/main.ts`), every Date of the process
 * starts there and runs on at the real pace, so the seed's schedules, draws and dates, and the
 * countdowns a page shows, are the same in every run whatever the day. Timers are left alone.
 * Refused in production: a server must never lie about the time to players.
 */
import { install } from '@sinonjs/fake-timers';

const start = process.env.TEST_CLOCK_START;
if (start !== undefined) {
  if (process.env.NODE_ENV === 'production') {
    process.stderr.write('TEST_CLOCK_START is for tests only and is refused with NODE_ENV=production\n');
    process.exit(1);
  }
  const now = Date.parse(start);
  if (Number.isNaN(now)) {
    process.stderr.write(`TEST_CLOCK_START is not a date: ${start}\n`);
    process.exit(1);
  }
  // Only Date is fake: the process's timers stay real. It moves on at the real pace, every 20 ms,
  // on a timer that does not keep the process alive (fake-timers' own shouldAdvanceTime does).
  const clock = install({ now, toFake: ['Date'] });
  const started = performance.now();
  setInterval(() => clock.setSystemTime(now + Math.round(performance.now() - started)), 20).unref();
}
