import type { SiteConfig } from '@promo/contract';
import { create } from 'zustand';
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

/** The one global store of the frame. */
export const useGlobalStore = create<GlobalState>()(() => ({ ...initialGlobalState, hostAvailable: startsWithHost() }));

/** Authorized means userId is non-empty (spec 4). */
export const selectIsAuthorized = (state: GlobalState): boolean => state.userId !== null;
