import { spawn } from 'node:child_process';

/**
 * Starts the reference server (the built frame, production mode, every rate limit off) on loopback
 * on a fresh in-memory database and waits until it answers: for the bench and the offline recording.
 * The caller stops it (child.kill()).
 */
export async function startServer(root: string, port: number) {
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory://',
      NODE_ENV: 'production',
      // Its load signs in the demo players: demo data in production mode, asked for twice (settings.ts).
      SEED_DEMO: '1',
      SEED_DEMO_IN_PRODUCTION: '1',
      // Throughput is measured from one address: the per-address limits (decision 017) would
      // answer most of it with 429. 0 turns a limit off.
      RATE_LIMIT_SIGN_IN: '0',
      RATE_LIMIT_TOKEN: '0',
      RATE_LIMIT_TELEMETRY: '0',
      RATE_LIMIT_ACTIONS: '0',
      RATE_LIMIT_OPERATOR: '0',
      // The bench counts server renders: none may be sent to the browser for want of room or
      // time (decision 039), or the figure would count file reads instead.
      RENDER_QUEUE_MAX: '10000',
      RENDER_TIME_LIMIT_MS: '60000',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('reference server did not start');
}
