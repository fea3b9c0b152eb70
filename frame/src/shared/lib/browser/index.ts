export { CDN_PROBE_TIMEOUT_MS, cdnUrl, probeCdn, resetCdnProbes } from './cdn.ts';
export { deleteCookie, readCookie, writeCookie } from './cookies.ts';
export { type Debounced, debounce } from './debounce.ts';
export { type DeviceInfo, deviceInfo, parseDeviceInfo } from './device-info.ts';
export { fullTitle, type RouteTitle, routePageTitle, showDocumentTitle, showRouteTitle } from './document-title.ts';
export { goToSection } from './go-to-section.ts';
export { type HostPrefs, readHostPrefs } from './host-prefs.ts';
export { randomKey } from './random-key.ts';
export {
  CHUNK_RELOAD_INTERVAL_MS,
  cookieStore,
  type ReloadMarkStore,
  sessionStorageStore,
  shouldReloadAfterChunkError,
} from './reload-guard.ts';
export { REPEAT_PRESS_MS, repeatPressGuard } from './repeat-press.ts';
export { safeLocalStorage } from './safe-storage.ts';
export { useCdnBase } from './use-cdn-base.ts';
export { useOnlineStatus } from './use-online-status.ts';
