/** A {{placeholder}} of a content text (promotion texts, CMS texts, banners): the one pattern. */
export const PLACEHOLDER_PATTERN = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholders of a text, in order ("{{maxBonus}}" gives maxBonus). */
export const placeholderNames = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER_PATTERN)].map(([, name = '']) => name);
