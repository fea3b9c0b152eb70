import { expect, test } from 'vitest';
import { formatMoney } from './format-money.ts';

test('ISO currencies use the locale format; other units follow the number', () => {
  expect(formatMoney('1250.50', 'USD', 'en')).toBe('$1,250.50');
  expect(formatMoney('80.00000000', 'EUR', 'en')).toBe('€80.00');
  expect(formatMoney('3.25000000', 'mBTC', 'en')).toBe('3.25 mBTC');
  expect(formatMoney('1250.5', 'USD', 'ru')).toMatch(/^1\s250,50\s\$$/);
});
