/**
 * Runs `task` once now and then every hour. The returned stop waits for a run in flight, so a
 * closing server does not close the database under it. Safe with several server processes: each
 * task's writes are idempotent (retention deletes; loss refunds insert once per player and week).
 */
export function startHourlyJob(task: () => Promise<unknown>, log: (error: unknown) => void): () => Promise<void> {
  return startRepeatingJob(task, 60 * 60_000, log);
}

/** The same every `everyMs`; a run still going when the next is due is not overlapped. */
export function startRepeatingJob(
  task: () => Promise<unknown>,
  everyMs: number,
  log: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = task()
      .then(() => undefined, log)
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
