import { expect, test } from 'vitest';
import { formatAmount } from './money.ts';

test.each([
  ['12.50000000', 'USD', 'en', false, '$12.50'],
  ['-5.00000000', 'USD', 'en', true, '-$5.00'],
  ['7.25', 'EUR', 'en', true, '+€7.25'],
  ['1234.5', 'USD', 'ru', false, '1 234,50 $'],
  ['0.12345678', 'mBTC', 'en', false, '0.12345678 mBTC'],
  ['0.5', 'mBTC', 'en', false, '0.5000 mBTC'],
  // A sub-cent difference is shown, not rounded away.
  ['100.00000001', 'USD', 'en', false, '$100.00000001'],
  // Beyond a float's precision: formatted from the string.
  ['90071992547409.93', 'USD', 'en', false, '$90,071,992,547,409.93'],
])('%s %s in %s (signed %s): %s', (amount, currency, language, signed, shown) => {
  expect(formatAmount(amount, currency, language, signed).replace(/\u00a0|\u202f/g, ' ')).toBe(shown);
});
