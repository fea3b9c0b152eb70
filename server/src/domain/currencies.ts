import type { ConvertedAmounts, ConvertedSum } from '@promo/contract';

/**
 * Bonus pricing units per dollar: offers and free bets are priced in dollars and shown in round
 * amounts of the player's currency (not exchange rates to the cent).
 */
export const CURRENCY_SCALE: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1,
  RUB: 90,
  KZT: 500,
  INR: 85,
  mBTC: 0.02,
};

export const offerCurrency = (currencyCode: string): string => (currencyCode in CURRENCY_SCALE ? currencyCode : 'USD');

/** A dollar amount in a currency's units, without trailing zeros ("100", "0.1"). */
export const scaled = (usd: number, currencyCode: string): string => {
  const scale = CURRENCY_SCALE[currencyCode] ?? 1;
  return (usd * scale).toFixed(scale < 1 ? 4 : 2).replace(/\.?0+$/, '') || '0';
};

/**
 * Spec 7 converted-sum: amounts from one currency into another, rounded to `round` decimals.
 * An unknown currency is an unsuccessful answer (success false), not an error.
 */
export function convertSums(sums: readonly number[], from: string, to: string, round: number): ConvertedSum {
  const fromScale = CURRENCY_SCALE[from];
  const toScale = CURRENCY_SCALE[to];
  if (fromScale === undefined || toScale === undefined) {
    return {
      success: false,
      sums: [],
      currencyCode: to,
      message: `Unknown currency ${fromScale === undefined ? from : to}`,
    };
  }
  return {
    success: true,
    sums: sums.map((sum) => ((sum / fromScale) * toScale).toFixed(round)),
    currencyCode: to,
    message: null,
  };
}

/** Spec 7 amounts/convert: each amount from its own currency into one; an unknown one fails all. */
export function convertAmounts(
  amounts: ReadonlyArray<{ amount: string; currencyCode: string }>,
  to: string,
  round: number,
): ConvertedAmounts {
  const converted = amounts.map(({ amount, currencyCode }) => convertSums([Number(amount)], currencyCode, to, round));
  const failed = converted.find((answer) => !answer.success);
  if (failed) return { success: false, amounts: [], message: failed.message };
  return {
    success: true,
    amounts: converted.map((answer) => ({ amount: answer.sums[0] ?? '0', currencyCode: to })),
    message: null,
  };
}
