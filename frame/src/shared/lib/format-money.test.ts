import { expect, test } from 'vitest';
import { formatMoney } from './format-money.ts';

test('ISO currencies use the locale format; other units follow the number', () => {
  expect(formatMoney('1250.50', 'USD', 'en')).toBe('$1,250.50');
  expect(formatMoney('80.00000000', 'EUR', 'en')).toBe('€80.00');
  expect(formatMoney('3.25000000', 'mBTC', 'en')).toBe('3.25 mBTC');
  expect(formatMoney('1250.5', 'USD', 'ru')).toMatch(/^1\s250,50\s\$$/);
});

test('formatters are reused per locale, currency and digits, never mixed up', () => {
  expect(formatMoney('1000000', 'USD', 'en', 0)).toBe('$1,000,000');
  expect(formatMoney('1000000', 'USD', 'en')).toBe('$1,000,000.00');
  expect(formatMoney('1000000', 'EUR', 'en', 0)).toBe('€1,000,000');
  expect(formatMoney('2', 'USD', 'en', 0)).toBe('$2');
  expect(formatMoney('3.25', 'mBTC', 'en')).toBe('3.25 mBTC');
  expect(formatMoney('3.25', 'mBTC', 'en')).toBe('3.25 mBTC');
});
