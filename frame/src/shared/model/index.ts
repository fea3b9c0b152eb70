export {
  createGlobalStore,
  forbidBrowserStore,
  type GlobalState,
  type GlobalStore,
  holdHydrationState,
  initialGlobalState,
  StoreContext,
  selectIsAuthorized,
  type ThemeName,
  useGlobalStore,
} from './global-store.ts';
export { bindRequestScope, type RequestScope, scopeOf } from './request-scope.ts';
export { usePlayerQuery, useReaderId } from './use-player-query.ts';
