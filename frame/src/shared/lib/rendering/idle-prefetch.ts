/** Spec 9: prefetching starts when the page has been idle this long after the first render. */
export const PREFETCH_IDLE_MS = 2000;

interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Spec 9: no prefetching on 2g connections or when the user asked to save data. */
export const shouldPrefetch = (connection: ConnectionLike | undefined): boolean =>
  !(connection?.saveData || /2g/.test(connection?.effectiveType ?? ''));

/**
 * Loads the given chunks once the page has been idle PREFETCH_IDLE_MS, unless the connection is
 * slow or metered. A failed prefetch is forgotten (the navigation loads it again). Returns a cancel.
 */
export function scheduleIdlePrefetch(
  loads: ReadonlyArray<() => Promise<unknown>>,
  connection: ConnectionLike | undefined = (navigator as { connection?: ConnectionLike }).connection,
): () => void {
  if (loads.length === 0 || !shouldPrefetch(connection)) return () => {};
  let idle: number | undefined;
  const timer = setTimeout(() => {
    const run = () => {
      for (const load of loads) load().catch(() => undefined);
    };
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: PREFETCH_IDLE_MS });
    else run();
  }, PREFETCH_IDLE_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
