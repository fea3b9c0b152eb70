import type { CmsAmounts } from '@promo/contract';
import { fillText, formatAmount, hasPlaceholder } from '../../../shared/lib/format/index.ts';

/**
 * Each amount as players read it in the page's language, in the currency the server answered in:
 * whole amounts without cents ("€46,000"), others to the cent ("€9.20"), as the promotions show
 * theirs.
 */
export const amountTexts = (amounts: CmsAmounts | undefined, locale: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(amounts ?? {}).map(([name, money]) => [
      name,
      formatAmount(money.amount, money.currencyCode, locale),
    ]),
  );

/**
 * CMS content (a block's props, a banner) with the {{placeholders}} of every string filled from
 * `values`; null when a string names one that has no value (it would show "{{name}}" to players).
 * Rich text is filled before it is sanitised, so an amount is text like any other.
 */
export function withAmounts<T>(content: T, values: Record<string, string>): T | null {
  let complete = true;
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const filled = fillText(value, values);
      if (hasPlaceholder(filled)) complete = false;
      return filled;
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item)]));
    }
    return value;
  };
  const filled = fill(content) as T;
  return complete ? filled : null;
}
