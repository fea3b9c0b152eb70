import { expect, test } from 'vitest';
import { describeOffset, formatUtcOffset } from './timezones.ts';

const zones = [
  { id: 'UTC', title: 'UTC', offsetMinutes: 0 },
  { id: 'Europe/London', title: 'London', offsetMinutes: 0 },
  { id: 'Europe/Moscow', title: 'Moscow', offsetMinutes: 180 },
  { id: 'Europe/Istanbul', title: 'Istanbul', offsetMinutes: 180 },
  { id: 'Asia/Riyadh', title: 'Riyadh', offsetMinutes: 180 },
  { id: 'Africa/Nairobi', title: 'Nairobi', offsetMinutes: 180 },
];

test('offsets are written as UTC±hh:mm', () => {
  expect(formatUtcOffset(180)).toBe('UTC+03:00');
  expect(formatUtcOffset(330)).toBe('UTC+05:30');
  expect(formatUtcOffset(-300)).toBe('UTC−05:00');
  expect(formatUtcOffset(0)).toBe('UTC+00:00');
});

test('an offset is described with up to three cities that keep it', () => {
  expect(describeOffset(180, zones)).toBe('UTC+03:00 (Istanbul, Moscow, Nairobi)');
  expect(describeOffset(0, zones)).toBe('UTC+00:00 (London)');
  expect(describeOffset(345, zones)).toBe('UTC+05:45');
  expect(describeOffset(180, undefined)).toBe('UTC+03:00');
});
