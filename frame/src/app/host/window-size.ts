import { type GlobalState, useGlobalStore } from '../../shared/model/index.ts';

const RESIZE_DEBOUNCE_MS = 100;

/**
 * Keeps the global state's windowSize (spec 3) current: read in the next frame, then after resizes
 * settle. Started with the host connection, after the first paint (nothing on the first screen
 * reads it, so it stays out of the entry chunk). Returns the stop function.
 */
export function trackWindowSize(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () =>
    useGlobalStore.setState({
      windowSize: { width: window.innerWidth, height: window.innerHeight },
    } satisfies Partial<GlobalState>);
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(update, RESIZE_DEBOUNCE_MS);
  };
  // Read in the next frame: read at once, it forced a layout inside the start-up task.
  const frame = requestAnimationFrame(update);
  window.addEventListener('resize', onResize);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}
