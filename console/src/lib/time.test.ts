import { expect, test } from 'vitest';
import { dateInputToIso, localInputToMs, msToIsoZ, msToLocalInput, scheduleToMs, utcLabel } from './time.ts';

test.each([
  // zone, the wall clock there, the same instant in UTC
  ['UTC', '2026-03-05T10:00', '2026-03-05T10:00:00Z'],
  ['Europe/Moscow', '2026-03-05T10:00', '2026-03-05T07:00:00Z'],
  ['Asia/Kolkata', '2026-03-05T10:00', '2026-03-05T04:30:00Z'],
  ['America/New_York', '2026-01-15T09:30', '2026-01-15T14:30:00Z'],
  // Summer time: New York is UTC-4 in July, Berlin UTC+2.
  ['America/New_York', '2026-07-15T09:30', '2026-07-15T13:30:00Z'],
  ['Europe/Berlin', '2026-07-01T00:15', '2026-06-30T22:15:00Z'],
  // The day the clocks go forward in Berlin (29 March 2026, 02:00 → 03:00): 03:30 is summer time.
  ['Europe/Berlin', '2026-03-29T03:30', '2026-03-29T01:30:00Z'],
])('in %s, %s is %s, and back', (zone, local, iso) => {
  const ms = localInputToMs(local, zone);
  expect(ms === null ? null : msToIsoZ(ms)).toBe(iso);
  expect(msToLocalInput(Date.parse(iso), zone)).toBe(local);
});

test('a malformed datetime-local value is no time', () => {
  expect(localInputToMs('', 'UTC')).toBeNull();
  expect(localInputToMs('2026-03-05', 'UTC')).toBeNull();
  expect(localInputToMs('05.03.2026 10:00', 'UTC')).toBeNull();
});

test('the schedule takes ISO to the second with Z, no milliseconds', () => {
  expect(msToIsoZ(Date.UTC(2026, 2, 5, 10, 0, 0, 999))).toBe('2026-03-05T10:00:00Z');
});

test.each([
  ['+5d', Date.UTC(2026, 2, 10, 9)],
  ['-20d', Date.UTC(2026, 1, 13, 9)],
  ['+3h', Date.UTC(2026, 2, 5, 12)],
  ['2026-03-05T12:00+03:00', Date.UTC(2026, 2, 5, 9)],
  ['2026-03-05T09:00:00Z', Date.UTC(2026, 2, 5, 9)],
])('the schedule time %s is read from now', (when, expected) => {
  expect(scheduleToMs(when, Date.UTC(2026, 2, 5, 9))).toBe(expected);
});

test('a day of the audit filter is the browser zone day; the end is the next midnight', () => {
  expect(dateInputToIso('2026-03-05', false, 'Europe/Moscow')).toBe('2026-03-04T21:00:00Z');
  expect(dateInputToIso('2026-03-05', true, 'Europe/Moscow')).toBe('2026-03-05T21:00:00Z');
  expect(dateInputToIso('2026-12-31', true, 'UTC')).toBe('2027-01-01T00:00:00Z');
  expect(dateInputToIso('', false, 'UTC')).toBeNull();
});

test('UTC on hover', () => {
  expect(utcLabel(Date.UTC(2026, 2, 5, 9, 7))).toBe('2026-03-05 09:07 UTC');
});
