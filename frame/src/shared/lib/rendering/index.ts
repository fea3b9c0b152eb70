export { FIRST_CONTENT_MARK, useFirstContentMark } from './first-content.ts';
export { HydratingSuspense } from './hydrating-suspense.tsx';
export {
  boundaryCommitted,
  boundaryMounted,
  deferredPart,
  hydrationIsSettled,
  hydrationSettled,
  SETTLE_LIMIT_MS,
} from './hydration-settled.ts';
export { PREFETCH_IDLE_MS, scheduleIdlePrefetch, shouldPrefetch } from './idle-prefetch.ts';
export { onDemand } from './on-demand.ts';
export {
  forbidModuleClock,
  RenderClockContext,
  readSsrData,
  renderNow,
  SSR_DATA_ID,
  type SsrData,
  setRenderClock,
  useHydrated,
  useRenderNow,
} from './ssr.ts';
