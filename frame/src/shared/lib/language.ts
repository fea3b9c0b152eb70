import { isLanguageCode, isRtlLanguage } from '@promo/contract';

/** A language that is neither the default nor in the config's list was asked for. */
export class LanguageUnavailableError extends Error {
  readonly statusCode = 500;
  constructor(readonly language: string) {
    super(`Language "${language}" is not available`);
    this.name = 'LanguageUnavailableError';
  }
}

export interface LanguageCandidates {
  /** The lng segment of the current route, if any. */
  route?: string | null;
  /** The language the previous route resolved to. */
  previous?: string | null;
  /** The language cookie. */
  cookie?: string | null;
}

/** Throws LanguageUnavailableError unless `lng` is the default language or in `available`. */
export function assertLanguageAvailable(lng: string, available: readonly string[], defaultLanguage: string): void {
  if (lng !== defaultLanguage && !available.includes(lng)) throw new LanguageUnavailableError(lng);
}

/**
 * Spec 4: the route language if available, else the previous route's, else the language cookie,
 * else the default. The result is checked once more, so a default outside the list raises.
 */
export function resolveLanguage(
  candidates: LanguageCandidates,
  available: readonly string[],
  defaultLanguage: string,
): string {
  const chosen =
    [candidates.route, candidates.previous, candidates.cookie].find(
      (lng): lng is string => isLanguageCode(lng) && available.includes(lng),
    ) ?? defaultLanguage;
  assertLanguageAvailable(chosen, available, defaultLanguage);
  return chosen;
}

/** Text direction of a language. */
export const directionOf = (lng: string): 'rtl' | 'ltr' => (isRtlLanguage(lng) ? 'rtl' : 'ltr');
