import {
  ANALYTICS_EVENT,
  ANALYTICS_SOURCE_ID,
  type AnalyticsEvent,
  type AnalyticsEventName,
  FIRST_BONUS_CHOICES,
  REGISTRATION_TYPES,
  SOCIAL_NETWORKS,
} from '@promo/contract';
import type { DeviceInfo } from '../lib/device-info.ts';
import type { AnalyticsSink } from './analytics-sink.ts';
import { type AnalyticsState, readAnalyticsState, writeAnalyticsState } from './analytics-storage.ts';

/** Events wait this long to travel together. */
export const FLUSH_DELAY_MS = 1_000;
/** Events kept for a later try when the collector is down; older ones beyond it are dropped. */
const MAX_QUEUE = 200;

type Payload = AnalyticsEvent['payload'];

export interface RegistrationDetails {
  bonusChoice?: unknown;
  social?: unknown;
  currencyId?: number;
  countryId?: number;
  promocode?: string;
}

export interface Analytics {
  track(name: AnalyticsEventName, payload?: Payload): void;
  /** Counts a registration try; an unknown registration, bonus or social type is logged instead. */
  registrationTry(regType: string, details?: RegistrationDetails): boolean;
  /** Counts an auth pop-up opened from the frame. */
  authPopup(): void;
  /** The player signed in after trying to register: no leave event. */
  registrationDone(): void;
  pageNotFound(path: string): void;
  /** Sends what is queued now (keepalive when the page is going away). */
  flush(keepalive?: boolean): Promise<void>;
  state(): AnalyticsState;
}

export interface AnalyticsDeps {
  sinks: AnalyticsSink[];
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  device: () => DeviceInfo;
  /** The fingerprint token when one is at hand (never blocks on a failing script for long). */
  fingerprintToken: () => Promise<string | null>;
  /** Subscribes to the page going away (pagehide). */
  onPageHide: (listener: () => void) => void;
  now?: () => number;
}

const includes = <T>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

export function createAnalytics(deps: AnalyticsDeps): Analytics {
  const now = deps.now ?? Date.now;
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watchingLeave = false;

  const load = () => readAnalyticsState(deps.storage, now());
  const save = (state: AnalyticsState) => writeAnalyticsState(deps.storage, state);

  const flush = async (keepalive = false) => {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    const fingerprint = keepalive ? null : await deps.fingerprintToken().catch(() => null);
    const events = fingerprint ? batch.map((e) => ({ ...e, payload: { ...e.payload, fingerprint } })) : batch;
    const results = await Promise.allSettled(deps.sinks.map((sink) => sink.send(events, { keepalive })));
    if (results.some((result) => result.status === 'rejected')) {
      // Kept for the next flush: a collector that is down for a moment loses nothing.
      queue = [...batch, ...queue].slice(-MAX_QUEUE);
      console.warn('Analytics not delivered; will retry with the next events');
    }
  };

  const track = (name: AnalyticsEventName, payload: Payload = {}) => {
    const device = deps.device();
    queue.push({ name, occurredAt: now(), source: ANALYTICS_SOURCE_ID, payload: { ...device, ...payload } });
    timer ??= setTimeout(() => void flush(), FLUSH_DELAY_MS);
  };

  const reportError = (message: string) => {
    console.error(message);
    track(ANALYTICS_EVENT.analyticsError, { message });
  };

  const watchLeave = () => {
    if (watchingLeave) return;
    watchingLeave = true;
    deps.onPageHide(() => {
      const state = load();
      if (state.regTryCounter > 0 && !state.hasDone) {
        track(ANALYTICS_EVENT.registrationLeave, { regTryCounter: state.regTryCounter });
      }
      void flush(true);
    });
  };

  return {
    track,
    registrationTry(regType, details = {}) {
      if (!includes(REGISTRATION_TYPES, regType)) {
        reportError(`Unknown registration type: ${String(regType)}`);
        return false;
      }
      if (details.bonusChoice !== undefined && !includes(FIRST_BONUS_CHOICES, details.bonusChoice)) {
        reportError(`Unknown bonus type: ${String(details.bonusChoice)}`);
        return false;
      }
      if (regType === 'soc_reg' && !includes(SOCIAL_NETWORKS, details.social)) {
        reportError(`Unknown social network type: ${String(details.social)}`);
        return false;
      }
      const state = load();
      const next: AnalyticsState = {
        ...state,
        regTryCounter: state.regTryCounter + 1,
        lastRegCallTime: now(),
        hasDone: false,
        socialData: {
          regType,
          currencyId: details.currencyId,
          countryId: details.countryId,
          promocode: details.promocode,
        },
      };
      save(next);
      track(ANALYTICS_EVENT.registrationTry, {
        regType,
        regTryCounter: next.regTryCounter,
        bonusChoice: typeof details.bonusChoice === 'number' ? details.bonusChoice : null,
        social: typeof details.social === 'string' ? details.social : null,
      });
      watchLeave();
      return true;
    },
    authPopup() {
      const state = load();
      const next = { ...state, authTryCounter: state.authTryCounter + 1, lastAuthPopUpCallTime: now() };
      save(next);
      track(ANALYTICS_EVENT.authPopup, { authTryCounter: next.authTryCounter });
    },
    registrationDone() {
      const state = load();
      if (state.regTryCounter > 0 && !state.hasDone) save({ ...state, hasDone: true });
    },
    pageNotFound(path) {
      track(ANALYTICS_EVENT.pageNotFound, { path: path.slice(0, 500) });
    },
    flush,
    state: load,
  };
}
