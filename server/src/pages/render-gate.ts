import PQueue from 'p-queue';

/** How much server rendering one server takes on (RENDER_QUEUE_MAX, RENDER_TIME_LIMIT_MS; decision 039). */
export interface RenderLimits {
  /** Pages that may wait for a render; one more gets the browser-rendered page at once. */
  queueMax: number;
  /** From the request's arrival: a page not rendered by then is rendered in the browser. */
  timeLimitMs: number;
  /** Renders that run at once (RENDER_CONCURRENCY; each has its own state, decision 043). */
  concurrency: number;
}

/** Why a page went to the browser to be rendered there instead. */
export type ShellReason = 'queue_full' | 'time_limit' | 'failed';

/** What this process's renders came to since it started (the operator API reads them). */
export interface RenderCounts {
  /** Renders that finished in time (a page, or the render's own word that the page runs in the browser). */
  rendered: number;
  /** Pages sent for the browser to render, by reason. */
  shell: Record<ShellReason, number>;
  /** Renders waiting now, and running now. */
  waiting: number;
  running: number;
  limits: RenderLimits;
}

/** A render's expected time before any has finished; then the moving average's weight of the last. */
const FIRST_RENDER_MS = 50;
const RENDER_MS_WEIGHT = 0.2;

const TIMED_OUT: unique symbol = Symbol('timed out');

export type GateResult<T> = { ok: true; value: T } | { ok: false; reason: ShellReason; error?: unknown };

export interface RenderGate {
  /**
   * Runs a render when its turn comes, if there is room to wait and time left: `elapsedMs` is how
   * long the request has been in the server already. The render's signal aborts at the limit; the
   * page is given up at that moment whatever the render does.
   */
  run<T>(render: (signal: AbortSignal) => Promise<T>, elapsedMs: number): Promise<GateResult<T>>;
  /** What the gate did since the process started. */
  counts(): RenderCounts;
}

/**
 * The server render's admission: `concurrency` renders run at once (each with its own state,
 * decision 043), at most `queueMax` wait, none starts that would not finish within the request's
 * time limit at the pace renders go lately, and none outlives it. A visitor turned away gets the
 * page the browser renders (same URL, status 200), which costs the server a file read: a spike of
 * visitors slows nobody's page by more than the limit.
 */
export function createRenderGate(limits: RenderLimits): RenderGate {
  const { concurrency } = limits;
  const queue = new PQueue({ concurrency });
  const counted = { rendered: 0, shell: { queue_full: 0, time_limit: 0, failed: 0 } };
  // How long a render takes, lately: a moving average of the renders that finished.
  let renderMs = FIRST_RENDER_MS;
  return {
    async run(render, elapsedMs) {
      const remaining = limits.timeLimitMs - elapsedMs;
      const refuse = (reason: ShellReason, error?: unknown) => {
        counted.shell[reason] += 1;
        return { ok: false as const, reason, ...(error === undefined ? {} : { error }) };
      };
      // It would wait (every slot busy) behind as many as may wait.
      if (queue.pending >= concurrency && queue.size >= limits.queueMax) return refuse('queue_full');
      // A render that would not finish in time is not started: its work would be thrown away, and
      // it would hold up the pages behind it. Ahead of it, `concurrency` at a time. With a slot
      // free, only a render's least time counts: the pace of renders lately is learnt from the
      // renders that run, and one slow render (a cold start) must not keep every later one out.
      const ahead = queue.size + queue.pending;
      const needed = ahead < concurrency ? FIRST_RENDER_MS : (Math.floor(ahead / concurrency) + 1) * renderMs;
      if (remaining < needed) return refuse('time_limit');
      const signal = AbortSignal.timeout(Math.ceil(remaining));
      const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
        signal.addEventListener('abort', () => resolve(TIMED_OUT), { once: true });
      });
      const task = queue.add(
        async () => {
          const started = performance.now();
          const value = await render(signal);
          renderMs += (performance.now() - started - renderMs) * RENDER_MS_WEIGHT;
          return value;
        },
        { signal },
      );
      // A render given up keeps its slot until it stops: the next waits for a free one.
      task.catch(() => undefined);
      try {
        const value = await Promise.race([task, timedOut]);
        if (value === TIMED_OUT) return refuse('time_limit');
        counted.rendered += 1;
        return { ok: true, value };
      } catch (error) {
        return signal.aborted ? refuse('time_limit') : refuse('failed', error);
      }
    },
    counts: () => ({
      rendered: counted.rendered,
      shell: { ...counted.shell },
      waiting: queue.size,
      running: queue.pending,
      limits: { queueMax: limits.queueMax, timeLimitMs: limits.timeLimitMs, concurrency },
    }),
  };
}
