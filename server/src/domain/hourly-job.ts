/**
 * Runs `task` once now and then every hour. The returned stop waits for a run in flight, so a
 * closing server does not close the database under it. Safe with several server processes: each
 * task's writes are idempotent (retention deletes; loss refunds insert once per player and week).
 */
export function startHourlyJob(task: () => Promise<unknown>, log: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = task().then(() => undefined, log);
  };
  run();
  const timer = setInterval(run, 60 * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
