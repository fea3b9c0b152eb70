/**
 * Reports the height of `target` whenever it changes, grown or shrunk: rounded up, at most once per
 * animation frame, never the same value twice in a row. Measuring the content (not the viewport)
 * is what keeps a host that sizes the iframe to it from looping. Returns the stop function.
 */
export function startAutoHeight(target: Element, onHeight: (height: number) => void): () => void {
  let last = -1;
  let frame = 0;
  const measure = () => {
    frame = 0;
    const height = Math.ceil(target.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      onHeight(height);
    }
  };
  const observer = new ResizeObserver(() => {
    if (!frame) frame = requestAnimationFrame(measure);
  });
  observer.observe(target);
  measure();
  return () => {
    observer.disconnect();
    if (frame) cancelAnimationFrame(frame);
  };
}
