import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, startPostgres } from '../../scripts/postgres.ts';

/** The test servers' settings, the port and the database aside (playwright.config.ts and the pair below). */
export const SERVER_ENV = {
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  // The CDN the CMS tests point the config at (their requests are answered by the tests).
  CDN_ORIGINS: 'https://cdn.promo.test https://cdn-down.promo.test',
  // Rate limits count per client address, and every test comes from 127.0.0.1 (decision 017):
  // ten times the defaults, which are made for one player.
  RATE_LIMIT_SIGN_IN: '300',
  RATE_LIMIT_TOKEN: '3000',
  RATE_LIMIT_TELEMETRY: '6000',
  RATE_LIMIT_ACTIONS: '3000',
  // The tests check what the server renders; on a loaded runner, in development React, a page can
  // take past the default second, and would then be rendered in the browser instead (decision 039).
  RENDER_QUEUE_MAX: '64',
  RENDER_TIME_LIMIT_MS: '15000',
  // Play moves public figures (jackpots, leaderboards, past draws) without a content change, and
  // the tests reload right after they play: a kept page lives a millisecond here, so every request
  // still goes through the page cache (one render per key at a time, its bytes and ETag) but reads
  // the figures of the moment. Keeping and dropping pages is page-cache.test.ts's (decision 044).
  PAGE_CACHE_MAX_AGE_MS: '1',
} as const;

const root = fileURLToPath(new URL('../..', import.meta.url));

/** How long a server may take to answer /healthz (migrations and the seed on a loaded runner). */
const START_LIMIT_MS = 90_000;
/** How long a server may take to stop after SIGTERM before it is killed. */
const STOP_LIMIT_MS = 10_000;

async function healthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const until = Date.now() + START_LIMIT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server at ${url} ended (${child.exitCode}):\n${output()}`);
    const ok = await fetch(`${url}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${url} did not answer within ${START_LIMIT_MS} ms:\n${output()}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
  await ended;
  clearTimeout(timer);
}

/** Starts one server process with `env` on a free port of 127.0.0.1; its URL once it answers /healthz. */
async function startProcess(env: Record<string, string>, children: ChildProcess[]): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await healthy(url, child, () => log);
  return url;
}

export interface ServerPair {
  /** The two servers' base URLs (http://127.0.0.1:PORT), both on the same PostgreSQL database. */
  urls: readonly [string, string];
  /** Stops both servers and the database (idempotent). */
  stop(): Promise<void>;
}

/**
 * Two server processes on one fresh PostgreSQL, as production runs behind a load balancer: started
 * one after the other (the first migrates and seeds), on 127.0.0.1 only; whoever starts them stops them.
 */
export async function startServerPair(): Promise<ServerPair> {
  const database = await startPostgres();
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopServer));
    await database.stop();
  };
  try {
    const first = await startProcess({ DATABASE_URL: database.url }, children);
    const second = await startProcess({ DATABASE_URL: database.url }, children);
    return { urls: [first, second], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * One server process on a database of its own (PGlite in memory, seeded with the demo data): for a
 * test that changes what the shared server's other tests read (a demo player's balance). On
 * 127.0.0.1 only; whoever starts it stops it.
 */
export async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopServer));
  };
  try {
    return { url: await startProcess({ PGLITE_DATA_DIR: 'memory://' }, children), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
