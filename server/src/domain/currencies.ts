import {
  type ConvertedAmounts,
  type ConvertedSum,
  convertMoney,
  roundMoney,
  sumMoney,
  trimMoney,
} from '@promo/contract';

/**
 * Units of each currency per US dollar, the base currency (the config's currency.baseRate of each).
 * Decimal strings: money is never a float.
 */
export const RATES_PER_USD: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '0.92',
  RUB: '90',
  KZT: '500',
  INR: '85',
  mBTC: '0.011',
};

/** Whether the server knows a currency (an own property: `constructor` is not a currency). */
export const isKnownCurrency = (code: string): boolean => Object.hasOwn(RATES_PER_USD, code);

/** The currency offers are shown in: the asked one when known, else dollars. */
export const offerCurrency = (currencyCode: string): string => (isKnownCurrency(currencyCode) ? currencyCode : 'USD');

/** Decimals an amount of a currency is shown with: 2, and 4 for the crypto unit. */
export const currencyDigits = (currencyCode: string): number => (currencyCode === 'mBTC' ? 4 : 2);

/** A dollar amount (decimal string) in a known currency, rounded to its digits. */
export const fromUsd = (usd: string, currencyCode: string, digits = currencyDigits(currencyCode)): string =>
  convertMoney(usd, '1', RATES_PER_USD[offerCurrency(currencyCode)] ?? '1', digits);

/** A dollar amount in a currency's units, without trailing zeros ("92", "0.11"). */
export const scaled = (usd: number | string, currencyCode: string): string =>
  trimMoney(fromUsd(String(usd), currencyCode));

/**
 * Spec 7 converted-sum: amounts from one currency into another, rounded to `round` decimals.
 * An unknown currency is an unsuccessful answer (success false), not an error.
 */
export function convertSums(sums: readonly string[], from: string, to: string, round: number): ConvertedSum {
  if (!isKnownCurrency(from) || !isKnownCurrency(to)) {
    return {
      success: false,
      sums: [],
      currencyCode: to,
      message: `Unknown currency ${isKnownCurrency(from) ? to : from}`,
    };
  }
  const fromRate = RATES_PER_USD[from] ?? '1';
  const toRate = RATES_PER_USD[to] ?? '1';
  return {
    success: true,
    sums: sums.map((sum) => convertMoney(sum, fromRate, toRate, round)),
    currencyCode: to,
    message: null,
  };
}

/**
 * Spec 7 amounts/convert: each amount from its own currency into one, and their total (the sum of
 * the rounded amounts, so it is what the listed figures add up to; decision 036); an unknown
 * currency fails all.
 */
export function convertAmounts(
  amounts: ReadonlyArray<{ amount: string; currencyCode: string }>,
  to: string,
  round = currencyDigits(to),
): ConvertedAmounts {
  const converted = amounts.map(({ amount, currencyCode }) => convertSums([amount], currencyCode, to, round));
  const failed = converted.find((answer) => !answer.success);
  if (failed) return { success: false, amounts: [], total: null, message: failed.message };
  const sums = converted.map((answer) => answer.sums[0] ?? '0');
  return {
    success: true,
    amounts: sums.map((amount) => ({ amount, currencyCode: to })),
    total: { amount: roundMoney(sumMoney(sums), round), currencyCode: to },
    message: null,
  };
}
