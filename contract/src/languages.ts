/** Languages written right to left; the document direction follows this list. */
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'ku', 'yi', 'dv']);

/** A route language prefix is always exactly two lowercase letters. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2}$/;

/** True when `code` is a well-formed two-letter language code. */
export const isLanguageCode = (code: unknown): code is string =>
  typeof code === 'string' && LANGUAGE_CODE_PATTERN.test(code);

/** True when the language is written right to left. */
export const isRtlLanguage = (code: string): boolean => RTL_LANGUAGES.has(code);
