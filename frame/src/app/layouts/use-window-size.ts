import { useEffect } from 'react';
import { type GlobalState, useGlobalStore } from '../../shared/store/index.ts';

const RESIZE_DEBOUNCE_MS = 100;

/** Keeps the global state's windowSize (spec 3) current: read in the first frame, then after resizes settle. */
export function useWindowSize(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () =>
      useGlobalStore.setState({
        windowSize: { width: window.innerWidth, height: window.innerHeight },
      } satisfies Partial<GlobalState>);
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(update, RESIZE_DEBOUNCE_MS);
    };
    // Read in the next frame: read here, right after the page's first render, it forced the whole
    // layout inside this effect (30-50 ms on the test machine, one long task with the other effects).
    const frame = requestAnimationFrame(update);
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
}
