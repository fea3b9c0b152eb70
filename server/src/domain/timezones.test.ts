import { expect, test } from 'vitest';
import { listTimezones, offsetMinutes } from './timezones.ts';

test('offsets follow daylight saving', () => {
  expect(offsetMinutes('Europe/Moscow', new Date('2026-01-15T12:00:00Z'))).toBe(180);
  expect(offsetMinutes('Europe/Berlin', new Date('2026-01-15T12:00:00Z'))).toBe(60);
  expect(offsetMinutes('Europe/Berlin', new Date('2026-07-15T12:00:00Z'))).toBe(120);
  expect(offsetMinutes('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe(-240);
  expect(offsetMinutes('Asia/Kolkata', new Date('2026-07-15T12:00:00Z'))).toBe(330);
  expect(offsetMinutes('UTC', new Date())).toBe(0);
});

test('the list runs west to east and names every zone', () => {
  const zones = listTimezones(new Date('2026-01-15T12:00:00Z'));
  const offsets = zones.map((zone) => zone.offsetMinutes);
  expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  expect(zones.find((zone) => zone.id === 'Europe/Moscow')).toEqual({
    id: 'Europe/Moscow',
    title: 'Moscow',
    offsetMinutes: 180,
  });
  expect(new Set(zones.map((zone) => zone.id)).size).toBe(zones.length);
});
