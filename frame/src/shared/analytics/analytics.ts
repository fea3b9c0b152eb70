import {
  ANALYTICS_EVENT,
  ANALYTICS_SOURCE_ID,
  type AnalyticsEvent,
  type AnalyticsEventName,
  CREDENTIALS_SAVE_OPTIONS,
  FIRST_BONUS_CHOICES,
  REGISTRATION_TYPES,
  SOCIAL_NETWORKS,
} from '@promo/contract';
import type { DeviceInfo } from '../lib/browser/device-info.ts';
import { type AnalyticsState, readAnalyticsState, writeAnalyticsState } from './analytics-storage.ts';
import type { Destination } from './destination.ts';

type Payload = AnalyticsEvent['payload'];

export interface RegistrationDetails {
  bonusChoice?: unknown;
  /** How a one-click registration keeps the login and password it makes up (spec 3 credentials-save option). */
  credentialsSave?: unknown;
  social?: unknown;
  currencyId?: number;
  countryId?: number;
  promocode?: string;
  /** The referral group of the visitor's landing link (host cookie): whose link brought them. */
  refGroupId?: number | null;
}

export interface Analytics {
  track(name: AnalyticsEventName, payload?: Payload): void;
  /** Counts a registration try; an unknown registration, bonus, social or credentials-save type is logged instead. */
  registrationTry(regType: string, details?: RegistrationDetails): boolean;
  /** Counts an auth pop-up opened from the frame. */
  authPopup(): void;
  /** The player signed in after trying to register: no leave event. */
  registrationDone(): void;
  pageNotFound(path: string): void;
  /** The error page at `path` (status `status`) offers the bonus rules at the host path `rulesPath`. */
  bonusRulesOffered(path: string, status: number, rulesPath: string): void;
  pageView(path: string, title: string): void;
  /** Sends what every destination has queued now. */
  flush(): Promise<void>;
  state(): AnalyticsState;
}

export interface AnalyticsDeps {
  /** Every event goes to each of them; each batches, retries and fails on its own. */
  destinations: ReadonlyArray<Pick<Destination<AnalyticsEvent>, 'push' | 'flush' | 'flushBeacon'>>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  device: () => DeviceInfo;
  /**
   * Subscribes to the page being hidden (visibilitychange hidden: leaving = false) or going away
   * (pagehide: leaving = true).
   */
  onPageHide: (listener: (leaving: boolean) => void) => void;
  now?: () => number;
}

const includes = <T>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

export function createAnalytics(deps: AnalyticsDeps): Analytics {
  const now = deps.now ?? Date.now;
  let watchingLeave = false;

  const load = () => readAnalyticsState(deps.storage, now());
  const save = (state: AnalyticsState) => writeAnalyticsState(deps.storage, state);

  const flush = async () => {
    await Promise.all(deps.destinations.map((destination) => destination.flush()));
  };

  const track = (name: AnalyticsEventName, payload: Payload = {}) => {
    const event = { name, occurredAt: now(), source: ANALYTICS_SOURCE_ID, payload: { ...deps.device(), ...payload } };
    for (const destination of deps.destinations) destination.push(event);
  };

  deps.onPageHide((leaving) => {
    const state = load();
    // Spec 5: leaving after a registration try that did not complete is an event of its own.
    if (leaving && watchingLeave && state.regTryCounter > 0 && !state.hasDone) {
      track(ANALYTICS_EVENT.registrationLeave, { regTryCounter: state.regTryCounter });
    }
    for (const destination of deps.destinations) destination.flushBeacon();
  });

  const reportError = (message: string) => {
    console.error(message);
    track(ANALYTICS_EVENT.analyticsError, { message });
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
      if (details.credentialsSave !== undefined && !includes(CREDENTIALS_SAVE_OPTIONS, details.credentialsSave)) {
        reportError(`Unknown credentials save type: ${String(details.credentialsSave)}`);
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
        credentialsSave: typeof details.credentialsSave === 'number' ? details.credentialsSave : null,
        social: typeof details.social === 'string' ? details.social : null,
        refGroupId: details.refGroupId ?? null,
        countryId: details.countryId ?? null,
      });
      // Only a page that saw a registration try reports leaving.
      watchingLeave = true;
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
    bonusRulesOffered(path, status, rulesPath) {
      track(ANALYTICS_EVENT.bonusRulesOffered, {
        path: path.slice(0, 500),
        status,
        rulesPath: rulesPath.slice(0, 500),
      });
    },
    pageView(path, title) {
      track(ANALYTICS_EVENT.pageView, { path: path.slice(0, 500), title: title.slice(0, 500) });
    },
    flush,
    state: load,
  };
}
