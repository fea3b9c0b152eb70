import { expect, test } from 'vitest';
import { countdownParts, DATE_FORMATS, formatInZone, to12h } from './dates.ts';
import { formatOffset } from './utc-offset.ts';

const fastGamesEnd = Date.parse('2025-06-20T18:59:00Z');

test("dates are shown in the host's time zone in the spec's formats", () => {
  expect(formatInZone(fastGamesEnd, DATE_FORMATS.date, 3)).toBe('20.06.2025');
  expect(formatInZone(fastGamesEnd, DATE_FORMATS.dayMonthTime, 3)).toBe('20.06 / 21:59');
  expect(formatInZone(fastGamesEnd, DATE_FORMATS.dayMonthTime, 0)).toBe('20.06 / 18:59');
  expect(formatInZone(fastGamesEnd, DATE_FORMATS.dayMonthTime, 5.5)).toBe('21.06 / 00:29');
  expect(formatInZone(fastGamesEnd, DATE_FORMATS.timeSeconds, -5)).toBe('13:59:00');
});

test('offsets and countdown parts', () => {
  expect(formatOffset(3 * 60)).toBe('+03:00');
  expect(formatOffset(-3.5 * 60)).toBe('-03:30');
  expect(countdownParts((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
    days: 2,
    hours: 3,
    minutes: 4,
    seconds: 5,
  });
  expect(countdownParts(-1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
});

test('on a 12-hour clock every clock time gets AM/PM; dates and durations stay', () => {
  expect(formatInZone(fastGamesEnd, DATE_FORMATS.dayMonthTime, 3, 1)).toBe('20.06 / 9:59 PM');
  expect(formatInZone(fastGamesEnd, DATE_FORMATS.time, 5.5, 1)).toBe('12:29 AM');
  expect(formatInZone(fastGamesEnd, DATE_FORMATS.timeSeconds, -5, 1)).toBe('1:59:00 PM');
  expect(formatInZone(Date.parse('2025-06-20T09:00:00Z'), DATE_FORMATS.time, 3, 1)).toBe('12:00 PM');
  expect(formatInZone(fastGamesEnd, DATE_FORMATS.date, 3, 1)).toBe('20.06.2025');
  expect(to12h(DATE_FORMATS.minutesSeconds)).toBe('mm:ss');
  expect(to12h(DATE_FORMATS.dayMonth)).toBe('dd.MM');
});
