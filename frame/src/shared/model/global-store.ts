import type { SiteConfig } from '@promo/contract';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { detectHostContext } from '../host-bridge/context.ts';

export type ThemeName = 'default' | 'dark' | 'light';

/** Spec 3 "Global state", with the spec's defaults. */
export interface GlobalState {
  coefViewId: number;
  timeZone: number;
  is12h: 0 | 1;
  userId: number | null;
  siteConfig: SiteConfig | null;
  windowSize: { width: number; height: number };
  geoCurrencyCode: string;
  configLoaded: boolean;
  theme: ThemeName;
  isForceMobile: boolean;
  shouldUseOnlyDesktopNotifications: boolean;
  currentLanguage: string;
  isRtl: boolean;
  userCountry: { code: string | null; id: number | null };
  /** Referral group id from the host's ref_group_id cookie (spec 3 stored keys). */
  refGroupId: number | null;
  /** Not in spec 3: a host (app or host page) listens, so host messages (sign-in, links) reach someone. */
  hostAvailable: boolean;
}

export const initialGlobalState: GlobalState = {
  coefViewId: 0,
  timeZone: 3,
  is12h: 0,
  userId: null,
  siteConfig: null,
  windowSize: { width: 0, height: 0 },
  geoCurrencyCode: 'RUB',
  configLoaded: false,
  theme: 'default',
  isForceMobile: false,
  shouldUseOnlyDesktopNotifications: false,
  currentLanguage: 'ru',
  isRtl: false,
  userCountry: { code: null, id: null },
  refGroupId: null,
  hostAvailable: false,
};

/** Known at start-up so that host-only parts (the account bar) take their place in the first paint. */
const startsWithHost = (): boolean => {
  try {
    const context = detectHostContext();
    return context.iframe || context.mobileApp;
  } catch {
    return false;
  }
};

const store = createStore<GlobalState>()(() => ({ ...initialGlobalState, hostAvailable: startsWithHost() }));
/** The state a server-rendered page was rendered with, as the browser set it up to hydrate it. */
let hydrationState: GlobalState | null = null;
// React reads a store's "initial state" while the server renders and while the browser hydrates
// that render (useSyncExternalStore's server snapshot). On the server it is the state as it is (set
// up for each render); in the browser, the state the page was rendered with (decision 022), held
// while parts hydrate one by one, so that a host message arriving meanwhile (a sign-in, a country)
// changes the page after hydration instead of making it differ from the server's markup.
store.getInitialState = () => hydrationState ?? store.getState();

/** Holds the current state as the one the page hydrates with (called once it matches the server's). */
export const holdHydrationState = (): void => {
  hydrationState = store.getState();
};

/** The one global store of the frame: a hook with a selector, and getState / setState / subscribe. */
export const useGlobalStore = Object.assign(
  <T>(selector: (state: GlobalState) => T): T => useStore(store, selector),
  store,
);

/** Authorized means userId is non-empty (spec 4). */
export const selectIsAuthorized = (state: GlobalState): boolean => state.userId !== null;
