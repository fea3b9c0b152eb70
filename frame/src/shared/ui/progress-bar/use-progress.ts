import { useEffect, useState } from 'react';
import { PROGRESS_DELAY_MS, PROGRESS_DURATION_MS, PROGRESS_HIDE_DELAY_MS } from '../../config/constants.ts';

export interface ProgressState {
  visible: boolean;
  /** 0..100; the bar's CSS transition animates between values. */
  percent: number;
  /** Transition length for the current step, in ms. */
  durationMs: number;
}

const HIDDEN: ProgressState = { visible: false, percent: 0, durationMs: 0 };
/** A loading bar never claims completion before the load ends. */
const CRAWL_TARGET = 90;

/**
 * Spec 4/9: the bar appears only when loading lasts longer than 200 ms, crawls towards 90 % over
 * 5000 ms, jumps to 100 % when loading ends and hides 500 ms later.
 */
export function useProgress(active: boolean): ProgressState {
  const [state, setState] = useState<ProgressState>(HIDDEN);

  useEffect(() => {
    if (active) {
      const show = setTimeout(() => {
        setState({ visible: true, percent: 0, durationMs: 0 });
        // Next frame, so the browser paints 0 % before transitioning to the crawl target.
        requestAnimationFrame(() =>
          setState({ visible: true, percent: CRAWL_TARGET, durationMs: PROGRESS_DURATION_MS }),
        );
      }, PROGRESS_DELAY_MS);
      return () => clearTimeout(show);
    }
    let hide: ReturnType<typeof setTimeout> | undefined;
    setState((previous) => {
      if (!previous.visible) return previous;
      hide = setTimeout(() => setState(HIDDEN), PROGRESS_HIDE_DELAY_MS);
      return { visible: true, percent: 100, durationMs: 200 };
    });
    return () => clearTimeout(hide);
  }, [active]);

  return state;
}
