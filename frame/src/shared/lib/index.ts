export { deleteCookie, readCookie, writeCookie } from './browser/cookies.ts';
export {
  CHUNK_RELOAD_INTERVAL_MS,
  cookieStore,
  type ReloadMarkStore,
  sessionStorageStore,
  shouldReloadAfterChunkError,
} from './browser/reload-guard.ts';
export { safeLocalStorage } from './browser/safe-storage.ts';
export { useOnlineStatus } from './browser/use-online-status.ts';
export { isChunkLoadError, jsonApiMessage, type NormalizedError, normalizeError, StatusError } from './errors.ts';
export {
  assertLanguageAvailable,
  directionOf,
  type LanguageCandidates,
  LanguageUnavailableError,
  resolveLanguage,
} from './language.ts';
export { renderNow } from './rendering/ssr.ts';
