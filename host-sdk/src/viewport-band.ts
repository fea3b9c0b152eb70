import type { FrameViewport } from '@promo/contract';

/**
 * The part of the iframe's content box inside the host's viewport, in the iframe's CSS pixels.
 * `frameTop` is the content box's top edge relative to the viewport (negative once scrolled past).
 */
export function visibleBand(frameTop: number, frameHeight: number, viewportHeight: number): FrameViewport {
  const top = Math.min(Math.max(0, -frameTop), frameHeight);
  const bottom = Math.max(top, Math.min(frameHeight, viewportHeight - frameTop));
  // Rounded inwards: a dialog placed in the band never touches a pixel the player cannot see.
  const whole = Math.ceil(top);
  return { top: whole, height: Math.max(0, Math.floor(bottom) - whole) };
}

/** The band of `iframe` in its window now. */
export function measureBand(iframe: HTMLIFrameElement): FrameViewport {
  const rect = iframe.getBoundingClientRect();
  const view = iframe.ownerDocument.defaultView;
  // The visual viewport is what a phone shows (on-screen keyboard, pinch zoom); the layout one otherwise.
  const viewportHeight = view?.visualViewport?.height ?? view?.innerHeight ?? 0;
  return visibleBand(rect.top + iframe.clientTop, iframe.clientHeight, viewportHeight);
}

/**
 * Calls `onBand` with the iframe's visible band whenever the host scrolls (any scroller, caught in
 * the capture phase) or resizes: at most once per animation frame, never the same band twice in a
 * row. `schedule()` asks for a measure now (after init, after the iframe's height changed).
 */
export function watchBand(iframe: HTMLIFrameElement, onBand: (band: FrameViewport) => void) {
  const view = iframe.ownerDocument.defaultView ?? window;
  let frame = 0;
  let last = '';
  const measure = () => {
    frame = 0;
    const band = measureBand(iframe);
    const key = `${band.top}:${band.height}`;
    if (key === last) return;
    last = key;
    onBand(band);
  };
  const schedule = () => {
    if (!frame) frame = view.requestAnimationFrame(measure);
  };
  const options = { capture: true, passive: true } as const;
  view.addEventListener('scroll', schedule, options);
  view.addEventListener('resize', schedule, options);
  view.visualViewport?.addEventListener('resize', schedule, options);
  view.visualViewport?.addEventListener('scroll', schedule, options);
  return {
    schedule,
    /** Forgets the last band: the next measure is sent even if unchanged (a new frame document). */
    reset: () => {
      last = '';
    },
    stop() {
      view.removeEventListener('scroll', schedule, options);
      view.removeEventListener('resize', schedule, options);
      view.visualViewport?.removeEventListener('resize', schedule, options);
      view.visualViewport?.removeEventListener('scroll', schedule, options);
      if (frame) view.cancelAnimationFrame(frame);
    },
  };
}
