/**
 * A throwaway PostgreSQL server on loopback for tests, benchmarks and load tests: Debian's
 * `postgresql` package, a fresh cluster in a temporary directory, trust authentication and no
 * durability (unless asked for: `durable`), gone (process and files) when stopped. Debian's own cluster service is never used,
 * so nothing depends on how the machine's packages are configured or whether they started anything.
 *
 * As a CLI (`node scripts/postgres.ts`): starts one, prints its URL on stdout, stops it on SIGINT or
 * SIGTERM.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import {
  accessSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** Where Debian's postgresql-NN packages put their programs, one folder per major version. */
const POSTGRES_LIB = '/usr/lib/postgresql';

/** The programs this module runs from the chosen major's bin folder (server and client packages). */
const PROGRAMS = ['initdb', 'postgres', 'pg_isready', 'createdb'];

/** A database the project's code can own; the `postgres` database stays the maintenance one. */
const DATABASE = 'promo';

/** How long the server gets to accept connections after it is spawned. */
const READY_TIMEOUT_MS = 30_000;

/** How long a fast shutdown may take before an immediate one, and that before SIGKILL. */
const STOP_TIMEOUT_MS = 10_000;

const run = promisify(execFile);

/**
 * The bin folder of the newest major under `root` that holds every program this module runs, or
 * undefined. Takes the folder so that the choice can be tested on a fake tree.
 */
export function findPostgresBin(root = POSTGRES_LIB): string | undefined {
  let majors: string[];
  try {
    majors = readdirSync(root).filter((name) => /^\d+(\.\d+)*$/.test(name));
  } catch {
    return undefined;
  }
  const version = (name: string) => name.split('.').map(Number);
  majors.sort((a, b) => {
    const [x, y] = [version(a), version(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const d = (y[i] ?? 0) - (x[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
  for (const major of majors) {
    const bin = path.join(root, major, 'bin');
    if (PROGRAMS.every((program) => isExecutable(path.join(bin, program)))) return bin;
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The bin folder of the newest installed PostgreSQL, installing Debian's `postgresql` first when
 * there is none (CI is a clean Debian as root). The package may start Debian's own cluster on
 * 5432; nothing here uses it. apt's output goes to stderr so that the CLI's stdout stays the URL.
 */
export function ensurePostgresInstalled(): string {
  const found = findPostgresBin();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `PostgreSQL is not installed (no ${POSTGRES_LIB}/<major>/bin with ${PROGRAMS.join(', ')}): run \`sudo apt-get install postgresql\`.`,
    );
  }
  process.stderr.write("Installing Debian's postgresql for a throwaway database server…\n");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const stdio: ['ignore', number, number] = ['ignore', 2, 2];
  execFileSync('apt-get', ['update'], { env, stdio, timeout: 5 * 60_000 });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
    env,
    stdio,
    timeout: 10 * 60_000,
  });
  const installed = findPostgresBin();
  if (!installed) {
    throw new Error(
      `apt-get installed postgresql, but there is still no ${POSTGRES_LIB}/<major>/bin with ${PROGRAMS.join(', ')}.`,
    );
  }
  return installed;
}

export type PostgresServer = {
  /** postgres://postgres@127.0.0.1:PORT/promo: trust authentication, no password. */
  url: string;
  port: number;
  /** Stops the server (fast shutdown, then harder after a bound) and deletes its files. Idempotent. */
  stop(): Promise<void>;
  /** Settles when the server's process ends, by stop() or not: a long-running caller can notice a crash. */
  exited: Promise<void>;
};

/**
 * Starts a fresh server on 127.0.0.1 (only) with an empty database `promo`, on `port` or a free
 * one. Throwaway by design: trust authentication, fsync off, everything in one temporary folder.
 * `durable: true` keeps PostgreSQL's own defaults for fsync, synchronous_commit and
 * full_page_writes, so a commit waits for the disk as in production (throughput benchmarks).
 * Whoever starts it calls stop(). If this process ends first, an exit handler stops the server and
 * deletes its folder; if it ends without running exit handlers (a signal, as vitest ends its
 * workers), a watchdog process does.
 */
export async function startPostgres(options: { port?: number; durable?: boolean } = {}): Promise<PostgresServer> {
  const bin = ensurePostgresInstalled();
  // initdb and postgres refuse to run as root: as root, they run as Debian's `postgres` user.
  const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
  const folder = mkdtempSync(path.join(tmpdir(), 'promo-postgres-'));
  try {
    if (owner) chownSync(folder, owner.uid, owner.gid);
    const dataDir = path.join(folder, 'data');
    const spawnOptions = { cwd: folder, env: clientlessEnv(), ...owner };
    await run(
      path.join(bin, 'initdb'),
      [
        '-D',
        dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ],
      { ...spawnOptions, timeout: 60_000 },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`initdb failed:\n${error.stdout ?? ''}${error.stderr ?? String(error)}`);
    });
    // A free port can be taken between finding it and the server binding it: then try another.
    for (let attempt = 1; ; attempt++) {
      const port = options.port ?? (await freePort());
      try {
        return await launch(bin, folder, dataDir, port, spawnOptions, options.durable ?? false);
      } catch (error) {
        const portTaken = error instanceof Error && /could not (bind|create listen socket)/.test(error.message);
        if (options.port !== undefined || !portTaken || attempt === 3) throw error;
      }
    }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

type SpawnOptions = { cwd: string; env: NodeJS.ProcessEnv; uid?: number; gid?: number };

/** A running server's processes and files, for stop(), the exit handler and the watchdog. */
type Running = { child: ChildProcess; watchdog: ChildProcess; exited: Promise<void>; dataDir: string; folder: string };

async function launch(
  bin: string,
  folder: string,
  dataDir: string,
  port: number,
  spawnOptions: SpawnOptions,
  durable: boolean,
): Promise<PostgresServer> {
  const logFile = path.join(folder, 'postgres.log');
  const log = openSync(logFile, 'w');
  let child: ChildProcess;
  try {
    // Not detached: a Ctrl-C in the terminal reaches the server too (SIGINT is its fast shutdown).
    child = spawn(
      path.join(bin, 'postgres'),
      [
        ['-D', dataDir],
        ['-p', String(port)],
        ['-c', 'listen_addresses=127.0.0.1'],
        ['-c', `unix_socket_directories=${folder}`],
        durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
      ].flat(),
      { ...spawnOptions, stdio: ['ignore', log, log] },
    );
  } finally {
    closeSync(log);
  }
  const logTail = () => tail(logFile);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const server: Running = { child, watchdog: startWatchdog(child, dataDir, folder), exited, dataDir, folder };
  // A server that ended on its own needs no watchdog, and its process ID may be given to another.
  child.once('exit', () => server.watchdog.kill('SIGKILL'));
  live.add(server);
  registerExitHandler();
  // Lets a script that forgets stop() end; the exit handler then kills the server.
  child.unref();

  const address = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'];
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`postgres exited during startup (${child.exitCode ?? child.signalCode}):\n${logTail()}`);
      }
      // Exit status 0 is "accepting connections"; 1 (starting up) and 2 (no answer) mean wait.
      const ready = await Promise.race([
        run(path.join(bin, 'pg_isready'), [...address, '-d', 'postgres', '-t', '1'], {
          env: spawnOptions.env,
          timeout: 5_000,
        }).then(
          () => true,
          () => false,
        ),
        // A server that failed (say the port is taken) is reported now, not after pg_isready's wait.
        exited.then(() => false),
      ]);
      if (ready) break;
      if (Date.now() > deadline) {
        throw new Error(
          `postgres did not accept connections on 127.0.0.1:${port} within ${READY_TIMEOUT_MS / 1000} s:\n${logTail()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await run(path.join(bin, 'createdb'), [...address, '-O', 'postgres', DATABASE], {
      env: spawnOptions.env,
      timeout: 30_000,
    }).catch((error: { stderr?: string }) => {
      throw new Error(`createdb ${DATABASE} failed: ${error.stderr ?? String(error)}\n${logTail()}`);
    });
  } catch (error) {
    // Stops the server but leaves the folder: startPostgres may try another port in it.
    await shutDown(server);
    throw error;
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await shutDown(server);
      rmSync(folder, { recursive: true, force: true });
    })();
    return stopping;
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`, port, stop, exited };
}

/**
 * Fast shutdown (SIGINT: disconnects clients, then exits) with a bound, then immediate shutdown
 * (SIGQUIT), then SIGKILL. Not SIGTERM: for postgres that is "smart" shutdown, which waits for
 * every client to disconnect, so a test's forgotten pool would hang it.
 */
async function shutDown(server: Running): Promise<void> {
  // First, so that it cannot act on a process ID that the system has since given to another.
  server.watchdog.kill('SIGKILL');
  const { child, exited } = server;
  for (const signal of ['SIGINT', 'SIGQUIT', 'SIGKILL'] as const) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS);
    });
    const outcome = await Promise.race([exited.then(() => 'exited' as const), bound]);
    clearTimeout(timer);
    if (outcome === 'exited') break;
  }
  live.delete(server);
}

/**
 * A shell that waits for end of file on a pipe from this process, which comes when this process is
 * gone however it went, even by SIGKILL: vitest ends its workers by signal, so no 'exit' handler
 * runs there. Then it does what the exit handler does: immediate shutdown, SIGKILL after 5 s, and
 * deletes the folder. It signals the process ID only while that process's command line still names
 * the data folder (a zombie's is empty), so it never hits a process that has since taken the ID.
 * Detached, so that a Ctrl-C in the terminal does not end it before it is needed.
 */
function startWatchdog(child: ChildProcess, dataDir: string, folder: string): ChildProcess {
  const script = [
    'read -r _',
    'ours() { grep -qaF -- "$2" "/proc/$1/cmdline" 2>/dev/null; }',
    'if ours "$1" "$2"; then',
    '  kill -QUIT "$1"',
    '  i=0; while ours "$1" "$2" && [ "$i" -lt 100 ]; do sleep 0.05; i=$((i + 1)); done',
    '  if ours "$1" "$2"; then kill -KILL "$1"; fi',
    'fi',
    'rm -rf "$3"',
  ].join('\n');
  const watchdog = spawn('sh', ['-c', script, 'postgres-watchdog', String(child.pid), dataDir, folder], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.unref();
  (watchdog.stdin as Socket | null)?.unref();
  return watchdog;
}

/** Servers started and not yet stopped, for the exit handler. */
const live = new Set<Running>();
let exitHandlerRegistered = false;

/**
 * On exit, nothing asynchronous runs: each server left running gets an immediate shutdown
 * (SIGQUIT, which also frees its shared memory, unlike SIGKILL), a short synchronous wait for its
 * postmaster.pid to go, then SIGKILL if it is still there; then its folder is deleted.
 */
function registerExitHandler() {
  if (exitHandlerRegistered) return;
  exitHandlerRegistered = true;
  process.on('exit', () => {
    for (const { child, watchdog, dataDir, folder } of live) {
      watchdog.kill('SIGKILL');
      try {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error('already gone');
        child.kill('SIGQUIT');
        const pidFile = path.join(dataDir, 'postmaster.pid');
        const deadline = Date.now() + 5_000;
        while (existsSync(pidFile) && Date.now() < deadline) sleepSync(10);
        if (existsSync(pidFile)) child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
      rmSync(folder, { recursive: true, force: true });
    }
    live.clear();
  });
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Debian's `postgres` system user, which the package creates. */
function postgresUser(): { uid: number; gid: number } {
  let entry: string;
  try {
    entry = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' });
  } catch {
    throw new Error('There is no `postgres` system user to run the server as (Debian creates it with postgresql).');
  }
  const [, , uid, gid] = entry.trim().split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** This process's environment without libpq's PG* variables, which would redirect the client tools. */
function clientlessEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
}

/** A port that was free on 127.0.0.1 a moment ago (the bench's servers take theirs from here too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

if (import.meta.main) {
  const server = await startPostgres();
  process.stdout.write(`${server.url}\n`);
  // The server's process is unref'd: this keeps the CLI up until a signal.
  const keepAlive = setInterval(() => {}, 1 << 30);
  let stopping = false;
  const stop = async () => {
    stopping = true;
    clearInterval(keepAlive);
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  server.exited.then(() => {
    if (stopping) return;
    process.stderr.write(`postgres on 127.0.0.1:${server.port} exited unexpectedly.\n`);
    clearInterval(keepAlive);
    process.exitCode = 1;
  });
}
