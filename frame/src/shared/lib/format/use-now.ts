import { startTransition, useEffect, useState } from 'react';
import { useRenderNow } from '../rendering/ssr.ts';

/**
 * The current time in ms, refreshed every `intervalMs` while the component is mounted. It starts
 * at the render's time (a server render's, while hydrating it) and turns to the clock on mount.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(useRenderNow());
  useEffect(() => {
    // A transition: after a hydration every countdown of the page turns to the clock at once, and
    // as one urgent update that was a single long task on a list of lotteries (TBT budget).
    startTransition(() => setNow(Date.now()));
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
