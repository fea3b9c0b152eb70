/** A function that runs `ms` after its last call, with the arguments of that call. */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call. */
  cancel(): void;
  /** Runs the pending call now, if there is one. */
  flush(): void;
}

/** Calls `run` once calls have stopped for `ms` (a scroll or a resize has settled). */
export function debounce<A extends unknown[]>(run: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const fire = () => {
    timer = undefined;
    const args = pending;
    pending = undefined;
    if (args) run(...args);
  };
  const debounced = (...args: A) => {
    pending = args;
    clearTimeout(timer);
    timer = setTimeout(fire, ms);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    clearTimeout(timer);
    fire();
  };
  return debounced;
}
