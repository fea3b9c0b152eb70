import { RESIZE_DEBOUNCE_MS } from '../../shared/config/index.ts';
import { debounce } from '../../shared/lib/browser/index.ts';
import { type GlobalState, useGlobalStore } from '../../shared/model/index.ts';

/**
 * Keeps the global state's windowSize (spec 3) current: read in the next frame, then after resizes
 * settle. Started with the host connection, after the first paint (nothing on the first screen
 * reads it, so it stays out of the entry chunk). Returns the stop function.
 */
export function trackWindowSize(): () => void {
  const update = () =>
    useGlobalStore.setState({
      windowSize: { width: window.innerWidth, height: window.innerHeight },
    } satisfies Partial<GlobalState>);
  // Spec 9: the resize handler is debounced 100 ms.
  const onResize = debounce(update, RESIZE_DEBOUNCE_MS);
  // Read in the next frame: read at once, it forced a layout inside the start-up task.
  const frame = requestAnimationFrame(update);
  window.addEventListener('resize', onResize);
  return () => {
    cancelAnimationFrame(frame);
    onResize.cancel();
    window.removeEventListener('resize', onResize);
  };
}
