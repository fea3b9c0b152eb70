import type { SiteConfig } from '@promo/contract';
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
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

export type GlobalStore = StoreApi<GlobalState>;

/**
 * A server render's own store, set up with `initial`. React reads a store's "initial state" while
 * the server renders (useSyncExternalStore's server snapshot): on the server it is the state as the
 * render's middleware set it.
 */
export function createGlobalStore(initial: GlobalState): GlobalStore {
  const created = createStore<GlobalState>()(() => initial);
  created.getInitialState = () => created.getState();
  return created;
}

const store = createStore<GlobalState>()(() => ({ ...initialGlobalState, hostAvailable: startsWithHost() }));
/** The state a server-rendered page was rendered with, as the browser set it up to hydrate it. */
let hydrationState: GlobalState | null = null;
// While the browser hydrates a server render (useSyncExternalStore's server snapshot), the initial
// state is the state the page was rendered with (decision 022), held while parts hydrate one by
// one, so that a host message arriving meanwhile (a sign-in, a country) changes the page after
// hydration instead of making it differ from the server's markup.
store.getInitialState = () => hydrationState ?? store.getState();
let browserStoreForbidden = false;

/** Holds the current state as the one the page hydrates with (called once it matches the server's). */
export const holdHydrationState = (): void => {
  hydrationState = store.getState();
};

/** The browser's one store; on the server (after forbidBrowserStore) there is none: each render has its own. */
export function browserStore(): GlobalStore {
  if (browserStoreForbidden) throw new Error('The global store used outside a request scope (issue 41)');
  return store;
}

/** On the server every render has its own store: a use of the browser's fails loudly (set once by the server entry). */
export const forbidBrowserStore = (): void => {
  browserStoreForbidden = true;
};

/** The store of the render a component is in: a server render's own, else (no provider) the browser's. */
export const StoreContext = createContext<GlobalStore | null>(null);

/**
 * The frame's global state: a hook with a selector (the store of the render the component is in),
 * and getState / setState / subscribe of the browser's store.
 */
export const useGlobalStore = Object.assign(
  <T>(selector: (state: GlobalState) => T): T => useStore(useContext(StoreContext) ?? browserStore(), selector),
  {
    getState: () => browserStore().getState(),
    setState: ((...args: Parameters<GlobalStore['setState']>) =>
      browserStore().setState(...args)) as GlobalStore['setState'],
    subscribe: (listener: Parameters<GlobalStore['subscribe']>[0]) => browserStore().subscribe(listener),
  },
);

/** Authorized means userId is non-empty (spec 4). */
export const selectIsAuthorized = (state: GlobalState): boolean => state.userId !== null;
