export {
  type GlobalState,
  holdHydrationState,
  initialGlobalState,
  selectIsAuthorized,
  type ThemeName,
  useGlobalStore,
} from './global-store.ts';
export { usePlayerQuery, useReaderId } from './use-player-query.ts';
