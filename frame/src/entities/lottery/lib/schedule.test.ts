import { LOTTERIES } from '@promo/contract';
import { expect, test } from 'vitest';
import { drawSchedule } from './schedule.ts';

test('Powerball draws Monday, Wednesday and Saturday at 03:00 UTC: the evening before in New York', () => {
  expect(drawSchedule(LOTTERIES.powerball, 0, 0, 'en')).toEqual({
    days: 'Monday, Wednesday, and Saturday',
    daily: false,
    time: '03:00',
  });
  expect(drawSchedule(LOTTERIES.powerball, -5, 1, 'en')).toEqual({
    days: 'Tuesday, Friday, and Sunday',
    daily: false,
    time: '10:00 PM',
  });
});

test('in the player language and zone: Russian, UTC+3', () => {
  expect(drawSchedule(LOTTERIES.powerball, 3, 0, 'ru')).toEqual({
    days: 'понедельник, среда и суббота',
    daily: false,
    time: '06:00',
  });
});

test('a daily lottery says so', () => {
  expect(drawSchedule(LOTTERIES.fantasy5, 3, 0, 'en').daily).toBe(true);
});
