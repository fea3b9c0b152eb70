import type { SiteConfigUpdate } from '@promo/contract';
import { assertLanguageAvailable } from '../../shared/lib/index.ts';
import { type GlobalState, useGlobalStore } from '../../shared/model/index.ts';

/** Fields a host message has set on this page: a host cookie read later must not undo them. */
export const fieldsSetByHost = new Set<string>();

/**
 * Applies a host's site-config update to the global state (configLoaded becomes true). A language
 * change is handed to `changeLanguage`, which navigates, so the dictionary loads through the same
 * path as a link; an unavailable language is refused with an error naming it.
 */
export function applySiteConfigUpdate(update: SiteConfigUpdate, changeLanguage: (lng: string) => void): void {
  for (const key of Object.keys(update)) fieldsSetByHost.add(key);
  const state = useGlobalStore.getState();
  useGlobalStore.setState({ ...stateFromUpdate(update, state), configLoaded: true });
  const lng = update.currentLanguage;
  if (lng && lng !== state.currentLanguage && state.siteConfig) {
    try {
      assertLanguageAvailable(
        lng,
        state.siteConfig.languages.map((l) => l.code),
        state.siteConfig.mainLanguage.locale,
      );
      changeLanguage(lng);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }
}

/** The global-state fields an update (message or host cookies) sets; the language is not one. */
export function stateFromUpdate(update: SiteConfigUpdate, state: GlobalState): Partial<GlobalState> {
  const next: Partial<GlobalState> = {};
  if (update.userId !== undefined) next.userId = update.userId;
  if (update.timeZone !== undefined) next.timeZone = update.timeZone;
  if (update.is12h !== undefined) next.is12h = update.is12h;
  if (update.coefView !== undefined) next.coefViewId = update.coefView;
  if (update.theme !== undefined) next.theme = update.theme;
  if (update.isForceMobile !== undefined) next.isForceMobile = update.isForceMobile;
  if (update.geoCurrencyCode !== undefined) next.geoCurrencyCode = update.geoCurrencyCode.toUpperCase();
  if (update.userCountryCode !== undefined || update.userCountryId !== undefined) {
    next.userCountry = {
      code: update.userCountryCode !== undefined ? update.userCountryCode : state.userCountry.code,
      id: update.userCountryId !== undefined ? update.userCountryId : state.userCountry.id,
    };
  }
  return next;
}
