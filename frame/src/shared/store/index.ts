export {
  type GlobalState,
  initialGlobalState,
  selectIsAuthorized,
  type ThemeName,
  useGlobalStore,
} from './global-store.ts';
