export { deleteCookie, readCookie, setServerCookies, writeCookie } from './cookies.ts';
export { isChunkLoadError, jsonApiMessage, type NormalizedError, normalizeError, StatusError } from './errors.ts';
export {
  assertLanguageAvailable,
  directionOf,
  type LanguageCandidates,
  LanguageUnavailableError,
  resolveLanguage,
} from './language.ts';
export {
  CHUNK_RELOAD_INTERVAL_MS,
  cookieStore,
  type ReloadMarkStore,
  sessionStorageStore,
  shouldReloadAfterChunkError,
} from './reload-guard.ts';
export { safeLocalStorage } from './safe-storage.ts';
export { renderNow } from './ssr.ts';
export { useOnlineStatus } from './use-online-status.ts';
