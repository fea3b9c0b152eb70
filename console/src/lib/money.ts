/**
 * An amount as the console shows it: the currency's sign and grouping in the console's language,
 * two decimals (four for mBTC, which Intl does not know as a currency: its code follows the
 * number), and more only when the amount has them (a sub-cent difference is what reconciliation
 * looks for, so it is never rounded away). `signed` shows a plus on credits, as a ledger does. The
 * server's decimal string is formatted as a string, never through a float.
 */
export function formatAmount(amount: string, currencyCode: string, language: string, signed = false): string {
  const digits = currencyCode === 'mBTC' ? 4 : 2;
  const options: Intl.NumberFormatOptions = {
    minimumFractionDigits: digits,
    maximumFractionDigits: 8,
    signDisplay: signed ? 'exceptZero' : 'auto',
  };
  const value = amount as unknown as number;
  try {
    return new Intl.NumberFormat(language, { ...options, style: 'currency', currency: currencyCode }).format(value);
  } catch {
    return `${new Intl.NumberFormat(language, options).format(value)} ${currencyCode}`;
  }
}
