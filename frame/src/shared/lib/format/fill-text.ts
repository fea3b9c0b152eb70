import { PLACEHOLDER_PATTERN as PLACEHOLDER } from '@promo/contract';

/** A content text with its {{placeholders}} filled (an unknown one stays visible, never blank). */
export const fillText = (text: string, values: Record<string, string>): string =>
  text.replace(PLACEHOLDER, (match, name: string) => values[name] ?? match);

/** Whether a text still has a {{placeholder}} (one nothing filled). */
export const hasPlaceholder = (text: string): boolean => new RegExp(PLACEHOLDER.source).test(text);
