import { useEffect, useState } from 'react';
import { LOADING_MIN_MS } from '../../config/constants.ts';
import { hydrationIsSettled } from '../../lib/rendering/hydration-settled.ts';

export interface LoadingState {
  /** Still the loading state: render the skeletons, not the content. */
  loading: boolean;
  /** The skeletons are drawn; before, they only hold their place. */
  drawn: boolean;
}

/** When the skeletons were drawn (ms), or null while they are not. */
type DrawnAt = number | null;

/**
 * Spec 9 "fetch delay at least 200 ms", so a skeleton never flashes (decision 031): a load shorter
 * than 200 ms draws none (its place is held, so nothing moves); once drawn, a skeleton stays at
 * least 200 ms before the content replaces it. The progress bar waits the same 200 ms.
 * Skeletons the server rendered were painted with the page: they are drawn from the start.
 */
export function useLoading(pending: boolean): LoadingState {
  const [drawnAt, setDrawnAt] = useState<DrawnAt>(() =>
    pending && (typeof document === 'undefined' || !hydrationIsSettled()) ? Number.NEGATIVE_INFINITY : null,
  );
  useEffect(() => {
    if (pending === (drawnAt !== null)) return;
    // Pending and not drawn yet: drawn once the load has taken LOADING_MIN_MS. Loaded and drawn:
    // removed once drawn for LOADING_MIN_MS.
    const wait = pending ? LOADING_MIN_MS : (drawnAt ?? 0) + LOADING_MIN_MS - Date.now();
    const next = () => setDrawnAt(pending ? Date.now() : null);
    if (wait <= 0) {
      next();
      return;
    }
    const timer = setTimeout(next, wait);
    return () => clearTimeout(timer);
  }, [pending, drawnAt]);
  return { loading: pending || drawnAt !== null, drawn: drawnAt !== null };
}
