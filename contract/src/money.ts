import Big from 'big.js';

/** An amount that is not a decimal number (money stays a decimal string end to end). */
export class MoneyError extends Error {
  override name = 'MoneyError';
}

const DECIMAL = /^-?\d{1,18}(\.\d{1,18})?$/;

/** A decimal string as a Big; anything else (NaN, '', '1e5', ' 1') is a MoneyError. */
export function toDecimal(value: string): Big {
  if (typeof value !== 'string' || !DECIMAL.test(value)) {
    throw new MoneyError(`Not a decimal amount: ${JSON.stringify(String(value)).slice(0, 40)}`);
  }
  return new Big(value);
}

/** Rounds half away from zero to `digits` decimals, as a fixed-point string ("12.50"). */
export const roundMoney = (amount: string, digits: number): string =>
  toDecimal(amount).round(digits, Big.roundHalfUp).toFixed(digits);

/**
 * An amount from one currency into another, both given as units per base unit (the config's
 * baseRate of each), rounded to `digits` decimals.
 */
export function convertMoney(amount: string, fromPerBase: string, toPerBase: string, digits: number): string {
  const from = toDecimal(fromPerBase);
  if (from.lte(0) || toDecimal(toPerBase).lte(0)) throw new MoneyError('A rate must be positive');
  // The product is exact; the division rounds the exact quotient once, half up, to `digits`.
  const Decimal = decimalOf(digits);
  return new Decimal(toDecimal(amount).times(toPerBase)).div(new Decimal(from)).toFixed(digits);
}

/** Big constructors whose division rounds to `digits` decimals, half up (one per precision). */
const decimals = new Map<number, typeof Big>();
function decimalOf(digits: number): typeof Big {
  if (!Number.isInteger(digits) || digits < 0 || digits > 18) throw new MoneyError(`Not a precision: ${digits}`);
  let Decimal = decimals.get(digits);
  if (!Decimal) {
    Decimal = Big();
    Decimal.DP = digits;
    Decimal.RM = Big.roundHalfUp;
    decimals.set(digits, Decimal);
  }
  return Decimal;
}

/** The exact sum of decimal amounts. */
export const sumMoney = (amounts: readonly string[]): string =>
  amounts.reduce((sum, amount) => sum.plus(toDecimal(amount)), new Big(0)).toFixed();

/** An amount times a whole count (a prize for places 4-10 is paid 7 times). */
export const timesMoney = (amount: string, count: number): string => {
  if (!Number.isSafeInteger(count) || count < 0) throw new MoneyError(`Not a count: ${count}`);
  return toDecimal(amount).times(count).toFixed();
};

/** An amount times a decimal factor (1.5 for half as much again), rounded half up to `digits`. */
export const scaleMoney = (amount: string, factor: string, digits: number): string =>
  toDecimal(amount).times(toDecimal(factor)).round(digits, Big.roundHalfUp).toFixed(digits);

/** The amount without trailing zeros ("100", "0.1"). */
export const trimMoney = (amount: string): string => toDecimal(amount).toFixed();
