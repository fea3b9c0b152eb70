import type { TFunction } from 'i18next';
import { isTransportError } from '../../../shared/lib/idempotent-mutation/index.ts';
import { StatusError } from '../../../shared/lib/index.ts';

/** A wait in the largest whole unit that says it (rounded up), in the page's language: "45 seconds", "15 minutes". */
export function formatWait(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * Why a sign-in did not go through, in the player's words (never the server's raw text): wrong
 * credentials, the back-off after failed sign-ins (decision 017) or the rate limit, each with the
 * server's Retry-After when it gave one, a lost connection, or anything else.
 */
export function signInFailureText(error: unknown, t: TFunction, language: string): string {
  if (isTransportError(error)) return t('sign_in_connection_lost');
  const refusal = error instanceof StatusError ? error : undefined;
  if (refusal?.statusCode === 401) return t('sign_in_wrong_credentials');
  if (refusal?.statusCode === 429) {
    const locked = refusal.code === 'too_many_sign_ins';
    const wait = refusal.retryAfterSeconds;
    if (wait === undefined || wait <= 0) return t(locked ? 'sign_in_locked' : 'sign_in_rate_limited');
    return t(locked ? 'sign_in_locked_wait' : 'sign_in_rate_limited_wait', { time: formatWait(wait, language) });
  }
  return t('sign_in_failed');
}
