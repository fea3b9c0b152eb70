import { isRecord } from '../lib/errors.ts';

/** Spec 9: an analytics storage entry lives 24 h from its last call. */
export const ANALYTICS_ENTRY_TTL_MS = 24 * 60 * 60 * 1000;
const STORAGE_KEY = 'promo-frame:analytics';

/** Spec 3 "Analytics storage". */
export interface AnalyticsState {
  regTryCounter: number;
  lastRegCallTime: number | null;
  authTryCounter: number;
  lastAuthPopUpCallTime: number | null;
  hasDone: boolean;
  socialData: { currencyId?: number; countryId?: number; regType?: string; promocode?: string } | null;
}

const expired = (time: number | null, now: number) => time === null || now - time >= ANALYTICS_ENTRY_TTL_MS;

/** Drops the registration and the auth-popup entries whose last call is 24 h old or more. */
export function withoutExpired(state: AnalyticsState, now: number): AnalyticsState {
  let next = state;
  if (expired(state.lastRegCallTime, now)) {
    next = { ...next, regTryCounter: 0, lastRegCallTime: null, hasDone: false, socialData: null };
  }
  if (expired(state.lastAuthPopUpCallTime, now)) next = { ...next, authTryCounter: 0, lastAuthPopUpCallTime: null };
  return next;
}

const asCount = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);
const asTime = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Reads the stored state (anything unreadable counts as empty) with expired entries dropped. */
export function readAnalyticsState(storage: Pick<Storage, 'getItem'> | undefined, now: number): AnalyticsState {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) raw = parsed as Record<string, unknown>;
  } catch {
    // Corrupt entry: start over.
  }
  const social = raw.socialData;
  return withoutExpired(
    {
      regTryCounter: asCount(raw.regTryCounter),
      lastRegCallTime: asTime(raw.lastRegCallTime),
      authTryCounter: asCount(raw.authTryCounter),
      lastAuthPopUpCallTime: asTime(raw.lastAuthPopUpCallTime),
      hasDone: raw.hasDone === true,
      socialData: isRecord(social) ? (social as AnalyticsState['socialData']) : null,
    },
    now,
  );
}

export function writeAnalyticsState(storage: Pick<Storage, 'setItem'> | undefined, state: AnalyticsState): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: counters then live for this page only.
  }
}
