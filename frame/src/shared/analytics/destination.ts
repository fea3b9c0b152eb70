/** One place analytics go (the collector, the tag service, the metrics service, the host). */
export interface DestinationOptions<T> {
  /** Named in the console when a batch is given up. */
  name: string;
  /** Delivers one batch; a rejection means "not delivered, try again later". */
  send(items: T[]): Promise<void>;
  /**
   * Hands a batch to the browser for delivery after the page is gone (navigator.sendBeacon);
   * false when the browser refused it. Without it, leaving the page sends as usual.
   */
  beacon?(items: T[]): boolean;
  /** Items wait this long to travel together. */
  delayMs: number;
  /** Largest batch one send carries; a full batch goes at once. */
  batchSize: number;
  /** Items kept while the destination is down; the oldest beyond it are dropped. */
  maxQueue: number;
  /** First retry after this long, doubling each failure up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Failed tries after which a batch is given up (default: never). */
  maxAttempts?: number;
}

export interface Destination<T> {
  push(item: T): void;
  /** Sends everything queued now (batch by batch; stops at the first failure and backs off). */
  flush(): Promise<void>;
  /** The page is going away: everything queued goes by beacon, or is sent without waiting. */
  flushBeacon(): void;
  /** Items waiting, for tests and diagnostics. */
  pending(): number;
}

/**
 * A destination's own queue and timers: its batching, back-off and failures never touch another
 * destination's, so one service being down blocks none of the others.
 */
export function createDestination<T>(options: DestinationOptions<T>): Destination<T> {
  const { batchSize, maxQueue, retryBaseMs, retryMaxMs, maxAttempts = Number.POSITIVE_INFINITY } = options;
  let queue: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Consecutive failures: the back-off exponent, 0 when the last send went through. */
  let failures = 0;
  let inFlight: Promise<void> | undefined;
  /** Length of the batch being sent: the head of the queue until its send settles. */
  let sending = 0;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
  };

  const deliver = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      sending = batch.length;
      try {
        await options.send(batch);
      } catch {
        sending = 0;
        failures += 1;
        if (failures >= maxAttempts) {
          queue = queue.slice(batch.length);
          failures = 0;
          console.warn(`analytics: ${options.name} gave up a batch of ${batch.length}`);
          continue;
        }
        schedule(Math.min(retryBaseMs * 2 ** (failures - 1), retryMaxMs));
        return;
      }
      // Items pushed meanwhile went to the end of the queue: only the batch sent leaves.
      queue = queue.slice(batch.length);
      sending = 0;
      failures = 0;
    }
  };

  function flush(): Promise<void> {
    if (inFlight) return inFlight;
    clearTimeout(timer);
    timer = undefined;
    inFlight = deliver().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    push(item) {
      queue.push(item);
      // Over the limit, the oldest waiting item goes (never one a send is carrying).
      if (queue.length > Math.max(maxQueue, sending)) queue.splice(sending, 1);
      // A send under way takes it along; while backing off, the retry timer stands (a new item
      // does not hurry a failing service).
      if (inFlight || failures > 0) return;
      if (queue.length >= batchSize) void flush();
      else if (timer === undefined) schedule(options.delayMs);
    },
    flush,
    flushBeacon() {
      if (queue.length === 0) return;
      if (!options.beacon) {
        void flush();
        return;
      }
      clearTimeout(timer);
      timer = undefined;
      // The batch a send is carrying now is not beaconed again.
      const carried = queue.slice(0, sending);
      let rest = queue.slice(sending);
      while (rest.length > 0) {
        const batch = rest.slice(0, batchSize);
        if (!options.beacon(batch)) break;
        rest = rest.slice(batch.length);
      }
      queue = [...carried, ...rest];
      // What the browser refused waits for the page's return (bfcache) or is lost with it.
      if (rest.length > 0 && !inFlight) schedule(options.delayMs);
    },
    pending: () => queue.length,
  };
}
