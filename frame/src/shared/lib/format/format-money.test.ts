import { roundMoney } from '@promo/contract';
import fc from 'fast-check';
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

test('formatting shows the decimal amount to the cent, as the decimal library rounds it, never NaN', () => {
  const amount = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 6 }), fc.nat({ max: 999_999 }))
    .map(([whole, places, fraction]) =>
      places === 0 ? String(whole) : `${whole}.${String(fraction % 10 ** places).padStart(places, '0')}`,
    );
  fc.assert(
    fc.property(amount, (value) => {
      const shown = formatMoney(value, 'USD', 'en');
      expect(shown).not.toContain('NaN');
      // "$1,234.57" without its sign and separators is the amount rounded half up to the cent.
      expect(shown.replace(/[$,]/g, '')).toBe(roundMoney(value, 2));
      expect(
        formatMoney(value, 'EUR', 'de')
          .replace(/[.\s€]/g, '')
          .replace(',', '.'),
      ).toBe(roundMoney(value, 2));
    }),
    { numRuns: 1000 },
  );
});

test('an amount that is not a decimal string is refused, never shown as NaN', () => {
  fc.assert(
    fc.property(
      fc.string().filter((value) => !/^-?\d+(\.\d+)?$/.test(value)),
      (value) => {
        expect(() => formatMoney(value, 'USD', 'en')).toThrow(/Not a decimal amount/);
      },
    ),
  );
});
