/**
 * An account amount for people: the locale's currency format for ISO codes, the code after the
 * number for others (mBTC). The amount stays a decimal string until it is shown.
 */
export function formatMoney(amount: string, currencyCode: string, locale: string): string {
  const value = Number(amount);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currencyCode }).format(value);
  } catch {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 8 }).format(value);
    return `${number} ${currencyCode}`;
  }
}
