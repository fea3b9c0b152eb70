/**
 * An account amount for people: the locale's currency format for ISO codes, the code after the
 * number for others (mBTC). The amount stays a decimal string until it is shown; `fractionDigits`
 * rounds big round amounts (jackpots) to whole units.
 */
export function formatMoney(amount: string, currencyCode: string, locale: string, fractionDigits?: number): string {
  const value = Number(amount);
  const digits =
    fractionDigits === undefined
      ? {}
      : { maximumFractionDigits: fractionDigits, minimumFractionDigits: fractionDigits };
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currencyCode, ...digits }).format(value);
  } catch {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 8 }).format(value);
    return `${number} ${currencyCode}`;
  }
}
