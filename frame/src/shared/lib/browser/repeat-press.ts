/**
 * A press this soon after the last one of its kind is the same press (a double click, a shaky tap)
 * and does nothing: the usual double-click interval of desktop systems, so a player who means to
 * press again (Back, then Back once more) is not held up.
 */
export const REPEAT_PRESS_MS = 500;

/**
 * A guard for presses that cannot be "under way" (a host message, a navigation): `mayAct(kind)` is
 * true, and noted, when a press of that kind may act now, false within REPEAT_PRESS_MS of the last
 * one. Timed with performance.now(), so a changed system clock does not move it. Made once per
 * module, outside components: the first press may change the page, and the second lands on the
 * next page's button.
 */
export function repeatPressGuard<K extends string>(): (kind: K) => boolean {
  const last = new Map<K, number>();
  return (kind) => {
    const now = performance.now();
    const previous = last.get(kind);
    if (previous !== undefined && now - previous < REPEAT_PRESS_MS) return false;
    last.set(kind, now);
    return true;
  };
}
