/** Formatters by locale, currency and digits: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.NumberFormat | null>();
const MAX_FORMATTERS = 200;

/** The currency formatter, or null when the code is not an ISO currency (mBTC). */
function currencyFormatter(locale: string, currencyCode: string, fractionDigits?: number): Intl.NumberFormat | null {
  const key = `${locale}|${currencyCode}|${fractionDigits ?? ''}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    const digits =
      fractionDigits === undefined
        ? {}
        : { maximumFractionDigits: fractionDigits, minimumFractionDigits: fractionDigits };
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: currencyCode, ...digits });
    } catch {
      formatter = null;
    }
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An account amount for people: the locale's currency format for ISO codes, the code after the
 * number for others (mBTC). The amount stays a decimal string, also for Intl; `fractionDigits`
 * rounds big round amounts (jackpots) to whole units.
 */
export function formatMoney(amount: string, currencyCode: string, locale: string, fractionDigits?: number): string {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) throw new TypeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  // Intl formats a decimal string exactly (no float on the way): "0.005" rounds to "0.01".
  const value = amount as `${number}`;
  const formatter = currencyFormatter(locale, currencyCode, fractionDigits);
  if (formatter) return formatter.format(value);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 8 }).format(value);
  return `${number} ${currencyCode}`;
}

/** A prize or term amount: whole amounts without decimals ("€3,680"), others to the cent ("€4.60"). */
export const formatAmount = (amount: string, currencyCode: string, locale: string): string =>
  formatMoney(amount, currencyCode, locale, /^\d+(\.0+)?$/.test(amount) ? 0 : undefined);
