import fc from 'fast-check';
import { expect, test } from 'vitest';
import { convertMoney, MoneyError, roundMoney, sumMoney, timesMoney, toDecimal } from './money.ts';

/** A non-negative decimal string with up to 12 whole and 8 fraction digits ("1250.5", "0.00000001"). */
const decimal = (maxFraction = 8) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
      fc.integer({ min: 0, max: maxFraction }),
      fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }),
    )
    .map(([whole, places, fraction]) =>
      places === 0 ? String(whole) : `${whole}.${String(fraction % 10n ** BigInt(places)).padStart(places, '0')}`,
    );
const rate = decimal(6).filter((value) => /[1-9]/.test(value));

/** A decimal string as an exact fraction of big integers. */
function fraction(value: string): [bigint, bigint] {
  const [whole = '0', part = ''] = value.split('.');
  return [BigInt(whole + part), 10n ** BigInt(part.length)];
}

/** The exact amount × to / from, rounded half up to `digits`: an oracle that shares no code with big.js. */
function exactConversion(amount: string, from: string, to: string, digits: number): string {
  const [a, da] = fraction(amount);
  const [f, df] = fraction(from);
  const [t, dt] = fraction(to);
  const numerator = a * t * df * 10n ** BigInt(digits);
  const denominator = da * dt * f;
  const rounded = (2n * numerator + denominator) / (2n * denominator);
  const text = rounded.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

test('a conversion equals the exact result rounded half up: no cent lost, never NaN', () => {
  fc.assert(
    fc.property(decimal(), rate, rate, fc.integer({ min: 0, max: 8 }), (amount, from, to, digits) => {
      const converted = convertMoney(amount, from, to, digits);
      expect(converted).toBe(exactConversion(amount, from, to, digits));
      expect(converted).toMatch(digits === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${digits}}$`));
    }),
    { numRuns: 2000 },
  );
});

test('sums and multiples are exact where floats are not', () => {
  expect(sumMoney(['0.1', '0.2'])).toBe('0.3');
  expect(timesMoney('300.10', 7)).toBe('2100.7');
  expect(convertMoney('4000', '1', '0.92', 2)).toBe('3680.00');
  expect(convertMoney('0.05', '0.92', '1', 2)).toBe('0.05');
  fc.assert(
    fc.property(fc.array(decimal(), { maxLength: 20 }), (amounts) => {
      const [sum, scale] = amounts
        .map(fraction)
        .reduce(([n, d], [an, ad]) => [n * ad + an * d, d * ad] as [bigint, bigint], [0n, 1n] as [bigint, bigint]);
      const [got, gotScale] = fraction(sumMoney(amounts));
      expect(got * scale).toBe(sum * gotScale);
    }),
  );
});

test('rounding to a currency keeps the amount to the cent', () => {
  fc.assert(
    fc.property(decimal(), (amount) => {
      expect(roundMoney(amount, 2)).toBe(exactConversion(amount, '1', '1', 2));
    }),
  );
});

test('anything but a decimal string is refused with a clear error, never turned into NaN', () => {
  fc.assert(
    fc.property(
      fc.string().filter((value) => !/^-?\d{1,18}(\.\d{1,18})?$/.test(value)),
      (value) => {
        expect(() => toDecimal(value)).toThrow(MoneyError);
        expect(() => convertMoney(value, '1', '0.92', 2)).toThrow(/Not a decimal amount/);
      },
    ),
  );
  for (const bad of ['NaN', 'Infinity', '1e5', ' 1', '1,5', '', '0x10', '--1']) {
    expect(() => toDecimal(bad), bad).toThrow(MoneyError);
  }
  expect(() => convertMoney('1', '0', '1', 2)).toThrow('A rate must be positive');
  expect(() => timesMoney('1', 1.5)).toThrow(MoneyError);
});
