export {
  type GlobalState,
  holdHydrationState,
  initialGlobalState,
  selectIsAuthorized,
  type ThemeName,
  useGlobalStore,
} from './global-store.ts';
export { usePlayerQuery } from './use-player-query.ts';
