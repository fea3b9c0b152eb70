/**
 * Server throughput (issue 23; docs/performance.md "Budgets for the server" and "Limits on this
 * machine"): the reference server's config read and wheel spin at 50 connections, each beside the
 * limit this machine sets for it, measured in the same run so that the ratio, not the absolute
 * figure, says how close the server comes:
 *
 * - limits: a minimal Fastify 5 route sending the real config answer's brotli bytes with their
 *   ETag (config-floor.ts), pgbench TPC-B on the bench's own PostgreSQL with synchronous commit
 *   (a spin is one such durable transaction), and the same transaction through PGlite's API on a
 *   PGlite data directory (pglite-floor.ts);
 * - config (GET all.json?lang=en, brotli) and spins (each a new spin with its own Idempotency-Key)
 *   on PGlite in one process, PostgreSQL in one process, the round-robin proxy
 *   (round-robin-proxy.ts) in front of that one process (what the proxy costs), and two processes
 *   behind it. PostgreSQL commits durably (synchronous_commit and fsync on) in all of it;
 * - the two-process scenario: 1,000 spins and ticket purchases, each sent twice at once with one
 *   Idempotency-Key, once to each process; each key must take effect once, both answers must be
 *   the same, and every balance must equal its ledger.
 *
 * The game gives 3 spins a day, so before the load the bench gives its own players (bench.tp.N,
 * made in the bench's database by direct SQL) a billion spins on a running wheel and money for
 * tickets. After each database's spin runs, every acknowledged spin must be in it once, held by
 * its own key. Doubled or lost effects and an unbalanced ledger fail the run (exit code 1);
 * figures under their budget are marked **over**.
 *
 * `node bench/throughput.ts` runs this section alone and replaces it in bench/results.md;
 * `npm run bench` runs it last. THROUGHPUT_SECONDS (default 30) shortens each load for a smoke run.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { LOTTERIES, type LotteryCode, quickPick, SALES_CLOSE_MS } from '@promo/contract';
import type autocannon from 'autocannon';
import { ensurePostgresInstalled, freePort, type PostgresServer, startPostgres } from '../scripts/postgres.ts';
import { DEMO_PASSWORD, demoUser } from '../server/src/seed/demo-players.ts';
import { type CpuGroups, type CpuShare, cpuShare, cpuSnapshot, postmasterOn } from './cpu-share.ts';
import { envInt, type LoadResult, load, XHR_JSON } from './measure.ts';
import { type PgliteFloor, pgliteTpcb } from './pglite-floor.ts';
import { writeResultsSection } from './results-file.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const HOST = '127.0.0.1';
const SECONDS = envInt('THROUGHPUT_SECONDS', 30);
/** Each target first gets this much load, not counted: a process's first second is its JIT's. */
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 50;
/** More players than connections, so concurrent spins rarely wait for the same player's row lock. */
const PLAYERS = 200;
export const LOGIN_PREFIX = 'bench.tp.';
/** demo.player's: the bench's players are made with its password hash and country (PREPARE_PLAYERS). */
const HOME = demoUser('demo.player');
const PASSWORD = DEMO_PASSWORD;
/** A running prize wheel of the demo catalogue (contract registry, 'spin-wheel'). */
const WHEEL = 138;
const SCENARIO_OPERATIONS = 1000;
const FLOOR_NAME = 'Fastify 5 floor (same brotli bytes, ETag)';
const BUDGET = { configRps: 2000, p99Ms: 50 };
/**
 * docs/performance.md: config at least half the Fastify floor; spins (issue 41) at least 0.8 x
 * pgbench's tps on PostgreSQL and 0.7 x PGlite's own rate on PGlite, in the same run.
 */
const AIM = { config: 0.5, spinPostgres: 0.8, spinPglite: 0.7 };
/** Other work on the machine above this share of one core during a load is noted beside its verdict. */
const SQUEEZED_PCT = 25;
/** Loads, pgbench, start-ups and checks all end by this deadline, whatever happens. */
const HARD_LIMIT_MS = (SECONDS * 17 + 600) * 1000;
const RUN = randomBytes(4).toString('hex');
export const OPERATOR_KEY = `bench-${randomBytes(16).toString('hex')}`;
const CONFIG_PATH = '/promo-frame/bff-api/config/all.json?lang=en';
export const SPIN_PATH = `/web-api/api/web/promotions/wheel/${WHEEL}/spin`;
const TICKETS_PATH = '/web-api/api/v3/lotto/tickets';

const log = (message: string) => process.stderr.write(`[throughput] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const run = promisify(execFile);

// ---------------------------------------------------------------------------------------------
// Child processes (servers, proxies, the floor): all killed when this process ends or overruns.

const children = new Set<ChildProcess>();
export const killChildren = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};

export interface Child {
  name: string;
  base: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `node script` with `env` on a free port and waits until `probePath` answers 2xx (60 s at most). */
export async function startChild(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  probePath: string,
  work: string,
  port?: number,
) {
  port ??= await freePort();
  const logFile = path.join(work, `${name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), PROXY_PORT: String(port), FLOOR_PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  children.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      children.delete(child);
      resolve();
    }),
  );
  const base = `http://${HOST}:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]))) child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (child.exitCode === null && Date.now() < deadline) {
    const ok = await fetch(`${base}${probePath}`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { name, base, port, pid: child.pid ?? 0, stop } satisfies Child;
    await sleep(100);
  }
  await stop();
  const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-1500) : '';
  throw new Error(`${name} did not start:\n${tail}`);
}

/** The reference server (production mode, rate limits off) on PGlite in `dataDir` or on PostgreSQL at `url`. */
export const startServer = (
  name: string,
  database: { dataDir: string } | { url: string },
  work: string,
  /** More of the environment (pages.ts: the render queue and the page cache), and a port. */
  more: { env?: NodeJS.ProcessEnv; port?: number } = {},
) =>
  startChild(
    name,
    'server/src/main.ts',
    {
      HOST,
      NODE_ENV: 'production',
      // Its load signs in the demo players: demo data in production mode, asked for twice (settings.ts).
      SEED_DEMO: '1',
      SEED_DEMO_IN_PRODUCTION: '1',
      OPERATOR_API_KEY: OPERATOR_KEY,
      ...('url' in database ? { DATABASE_URL: database.url } : { DATABASE_URL: '', PGLITE_DATA_DIR: database.dataDir }),
      RATE_LIMIT_SIGN_IN: '0',
      RATE_LIMIT_TOKEN: '0',
      RATE_LIMIT_TELEMETRY: '0',
      RATE_LIMIT_ACTIONS: '0',
      RATE_LIMIT_OPERATOR: '0',
      ...more.env,
    },
    '/healthz',
    work,
    more.port,
  );

export const startProxy = (name: string, upstreams: Child[], work: string, port?: number) =>
  startChild(
    name,
    'bench/round-robin-proxy.ts',
    { PROXY_UPSTREAMS: upstreams.map((u) => u.port).join(',') },
    '/healthz',
    work,
    port,
  );

// ---------------------------------------------------------------------------------------------
// The bench's database: its players, prepared by direct SQL, and the checks afterwards.

/** One statement at a time, and queries whose one value is JSON. */
export interface Sql {
  exec(text: string): Promise<void>;
  json<T>(expression: string): Promise<T>;
}

/** libpq's PG* variables would redirect psql and pgbench. */
const clientEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));

export function psql(bin: string, postgres: PostgresServer): Sql {
  const args = ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', HOST, '-p', String(postgres.port), '-U', 'postgres'];
  const query = (text: string) =>
    run(path.join(bin, 'psql'), [...args, '-A', '-t', '-d', 'promo', '-c', text], {
      env: clientEnv(),
      timeout: 120_000,
      maxBuffer: 256 * 1024 * 1024,
    }).then((r) => r.stdout.trim());
  return {
    exec: async (text) => void (await query(text)),
    json: async <T>(expression: string) => JSON.parse(await query(`select (${expression})::text`)) as T,
  };
}

/** PGlite's data directory, opened here while no server holds it (one process per directory). */
export async function withPglite<T>(dataDir: string, use: (sql: Sql) => Promise<T>): Promise<T> {
  const db = new PGlite(dataDir);
  try {
    return await use({
      exec: async (text) => void (await db.exec(text)),
      json: async <T>(expression: string) =>
        JSON.parse((await db.query<{ v: string }>(`select (${expression})::text as v`)).rows[0]?.v ?? 'null') as T,
    });
  } finally {
    await db.close();
  }
}

const benchUsers = `(select id from users where login like '${LOGIN_PREFIX}%')`;

/**
 * The bench's players: demo.player's password and country, a USD account with a million and its opening ledger
 * entry, and a place on the wheel with a billion spins left today (spinsLeft = 3 - spins_used).
 */
export const PREPARE_PLAYERS = `
  insert into users (login, password_hash, country_code, country_id)
    select '${LOGIN_PREFIX}' || g, (select password_hash from users where login = '${HOME.login}'), '${HOME.countryCode}', ${HOME.countryId}
    from generate_series(1, ${PLAYERS}) g
    on conflict (login) do nothing;
  with opened as (
    insert into accounts (user_id, currency_code, amount, active)
      select id, 'USD', 1000000, true from users where id in ${benchUsers}
      on conflict do nothing
      returning id, user_id, currency_code, amount
  )
  insert into ledger_entries (user_id, currency_code, amount, balance_after, kind, reference)
    select user_id, currency_code, amount, amount, 'opening', id::text from opened;
  with seeds as (select id, md5(random()::text) || md5(random()::text) as seed from users where id in ${benchUsers})
  insert into wheel_participants (user_id, promotion_id, spins_day, spins_used, server_seed, server_seed_hash)
    select id, ${WHEEL}, to_char(now() at time zone 'utc', 'YYYY-MM-DD'), -1000000000, seed,
      encode(sha256(convert_to(seed, 'UTF8')), 'hex')
    from seeds
    on conflict (user_id, promotion_id) do update set spins_day = excluded.spins_day, spins_used = excluded.spins_used;
`;

interface SpinCheck {
  acknowledged: number;
  inDatabase: number;
  /** Acknowledged spins not in the database. */
  lost: number;
  /** Spins acknowledged twice, rows no key holds, keys that hold one row twice: double effects. */
  doubled: number;
  /** Rows whose answer never arrived (in flight when a load stopped). */
  unacknowledged: number;
}

/** Every acknowledged spin of the bench's players is in the database once, held by its own key. */
async function checkSpins(sql: Sql, acknowledged: readonly number[]): Promise<SpinCheck> {
  const db = await sql.json<{ spins: number[]; keyed: Array<number | null> }>(`json_build_object(
    'spins', (select coalesce(json_agg(id), '[]') from wheel_spins where user_id in ${benchUsers}),
    'keyed', (select coalesce(json_agg((response->'spins'->0->>'id')::int), '[]') from idempotency_keys
      where user_id in ${benchUsers} and scope like 'wheel-spin:%'))`);
  const acked = new Set(acknowledged);
  const rows = new Set(db.spins);
  const keyed = new Set(db.keyed);
  const lost = [...acked].filter((id) => !rows.has(id)).length;
  const unkeyed = db.spins.filter((id) => !keyed.has(id)).length;
  return {
    acknowledged: acknowledged.length,
    inDatabase: rows.size,
    lost,
    doubled: acknowledged.length - acked.size + unkeyed + (db.keyed.length - keyed.size),
    unacknowledged: db.spins.filter((id) => !acked.has(id)).length,
  };
}

/** The processes of one target. */
interface Processes {
  servers: Child[];
  proxy?: Child;
  postmaster?: number;
}

const pidsOf = (of: Processes): CpuGroups => ({
  servers: of.servers.map((c) => c.pid),
  proxy: of.proxy?.pid,
  postmaster: of.postmaster,
});

// ---------------------------------------------------------------------------------------------
// Players and loads.

export interface Player {
  login: string;
  auth: string;
  /** The session cookie the sign-in set, as a browser sends it. */
  cookie: string;
}

export async function signIn(base: string, login: string): Promise<Player> {
  const signedIn = await fetch(`${base}/web-api/external-api/fastLogin`, {
    method: 'POST',
    headers: XHR_JSON,
    body: JSON.stringify({ login, pass: PASSWORD }),
  });
  if (!signedIn.ok) throw new Error(`fastLogin ${login}: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = (signedIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const answer = await fetch(`${base}/web-api/user/gettoken`, { headers: { cookie } });
  const { token } = (await answer.json()) as { token: string };
  return { login, auth: `Bearer ${token}`, cookie };
}

/** Signs in the bench's players, a few at a time (each sign-in is a scrypt hash). */
async function signInPlayers(base: string): Promise<Player[]> {
  const players: Player[] = [];
  for (let first = 1; first <= PLAYERS; first += 8) {
    const logins = Array.from({ length: Math.min(8, PLAYERS - first + 1) }, (_, i) => `${LOGIN_PREFIX}${first + i}`);
    players.push(...(await Promise.all(logins.map((login) => signIn(base, login)))));
  }
  return players;
}

interface Measured extends LoadResult {
  cpu: CpuShare;
}

/** A warm-up, then the measured load, with who used the cores during it. */
async function measured(
  name: string,
  url: string,
  of: Processes,
  options: () => Partial<autocannon.Options>,
): Promise<Measured> {
  await load(`${name} (warm-up)`, url, WARM_UP_SECONDS, { connections: CONNECTIONS, ...options() });
  const before = cpuSnapshot(pidsOf(of));
  const result = await load(name, url, SECONDS, { connections: CONNECTIONS, ...options() });
  return { ...result, cpu: cpuShare(before, cpuSnapshot(pidsOf(of))) };
}

const configLoad = (name: string, of: Processes, base = (of.proxy ?? of.servers[0])?.base ?? '') =>
  measured(name, `${base}${CONFIG_PATH}`, of, () => ({ headers: { 'accept-encoding': 'br' } }));

/** What the spin loads on one database acknowledged. */
interface SpinLedger {
  acknowledged: number[];
  /** Fresh keys answered as replays (must be 0) and refusals by status and code. */
  replayed: number;
  refusals: Map<string, number>;
}

let spinLoads = 0;

/** Spins at 50 connections, each request a new spin with its own key, the players taken in turn. */
async function spinLoad(name: string, of: Processes, players: Player[], ledger: SpinLedger): Promise<Measured> {
  const base = (of.proxy ?? of.servers[0])?.base ?? '';
  const keys = `tp-${RUN}-${spinLoads++}`;
  let sequence = 0;
  const options = (): Partial<autocannon.Options> => ({
    method: 'POST',
    timeout: 10,
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          const n = sequence++;
          const player = players[n % players.length] as Player;
          return {
            ...request,
            method: 'POST',
            path: SPIN_PATH,
            headers: { ...XHR_JSON, 'x-auth': player.auth, 'idempotency-key': `${keys}-${n}` },
            body: '{}',
          };
        },
        onResponse: (status: number, body: string, _context: object, headers?: autocannon.Request['headers']) => {
          if (status >= 200 && status < 300) {
            const answer = JSON.parse(body) as { spins: Array<{ id: number }> };
            ledger.acknowledged.push(...answer.spins.map((spin) => spin.id));
            if (String(headers?.['idempotent-replayed']) === 'true') ledger.replayed += 1;
          } else {
            const code = /"code":"([\w-]+)"/.exec(body)?.[1] ?? '';
            const key = `${status} ${code}`.trim();
            ledger.refusals.set(key, (ledger.refusals.get(key) ?? 0) + 1);
          }
        },
      },
    ],
  });
  // Keys differ per load and run; the sequence carries on from the warm-up into the load.
  const result = await measured(name, `${base}${SPIN_PATH}`, of, options);
  // Requests cut off when the load stopped may still be committing.
  await sleep(1000);
  return result;
}

async function pgbench(bin: string, postgres: PostgresServer): Promise<{ tps: number; latencyMs: number }> {
  const address = ['-h', HOST, '-p', String(postgres.port), '-U', 'postgres'];
  const options = { env: clientEnv(), timeout: (SECONDS + 300) * 1000, maxBuffer: 16 * 1024 * 1024 };
  await run(path.join(bin, 'pgbench'), ['-i', '-s', '10', '-q', ...address, 'postgres'], options);
  const { stdout } = await run(
    path.join(bin, 'pgbench'),
    ['-c', '50', '-j', '2', '-T', String(SECONDS), ...address, 'postgres'],
    options,
  );
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench gave no tps:\n${stdout}`);
  return { tps, latencyMs };
}

/** The config answer's bytes as the server sends them to a browser that takes brotli. */
function rawConfig(base: string): Promise<{ body: Buffer; etag: string; contentType: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${CONFIG_PATH}`, { headers: { 'accept-encoding': 'br' } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const { etag, 'content-encoding': encoding, 'content-type': contentType } = answer.headers;
          if (answer.statusCode !== 200 || encoding !== 'br' || !etag) {
            reject(new Error(`config answered ${answer.statusCode}, encoding ${encoding}, etag ${etag}`));
          } else resolve({ body: Buffer.concat(chunks), etag, contentType: contentType ?? 'application/json' });
        });
      })
      .on('error', reject);
  });
}

async function ledgerCheck(base: string): Promise<{ ok: boolean; accounts: number; mismatches: unknown[] }> {
  const answer = await fetch(`${base}/operator-api/v1/ledger/check`, {
    headers: { authorization: `Bearer ${OPERATOR_KEY}` },
  });
  if (!answer.ok) throw new Error(`ledger check: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as { ok: boolean; accounts: number; mismatches: unknown[] };
}

// ---------------------------------------------------------------------------------------------
// The two-process scenario.

interface Answer {
  status: number;
  body: string;
  replayed: boolean;
  upstream: string;
}

/** Sorted keys: a replay is the stored JSONB answer, whose keys PostgreSQL orders its own way. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
const sameAnswer = (a: string, b: string) => {
  try {
    return JSON.stringify(canonical(JSON.parse(a))) === JSON.stringify(canonical(JSON.parse(b)));
  } catch {
    return a === b;
  }
};

function post(agent: http.Agent, url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'POST', agent, headers, timeout: 30_000 }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          replayed: answer.headers['idempotent-replayed'] === 'true',
          upstream: String(answer.headers['x-bench-upstream'] ?? '?'),
        }),
      );
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ status: 0, body: String(error), replayed: false, upstream: '?' }));
    request.end(body);
  });
}

/** The cheapest lottery on sale for well beyond the scenario, with a quick-pick line. */
async function ticketOrder(base: string, player: Player): Promise<() => string> {
  const answer = await fetch(`${base}/web-api/external-api/lotto/available`, {
    headers: { ...XHR_JSON, 'x-auth': player.auth },
  });
  const { lotteries } = (await answer.json()) as {
    lotteries: Array<{ code: LotteryCode; nextDrawAt: number; linePrice: { amount: string } }>;
  };
  const openUntil = Date.now() + SALES_CLOSE_MS + 10 * 60_000;
  const [cheapest] = lotteries
    .filter((l) => l.nextDrawAt * 1000 > openUntil && l.code in LOTTERIES)
    .sort((a, b) => Number(a.linePrice.amount) - Number(b.linePrice.amount));
  if (!cheapest) throw new Error('no lottery stays on sale through the scenario');
  const { code } = cheapest;
  return () => JSON.stringify({ code, lines: [quickPick(LOTTERIES[code].format)], kind: 'default' });
}

interface Scenario {
  operations: number;
  spins: number;
  tickets: number;
  ms: number;
  answers2xx: number;
  answersOther: Map<string, number>;
  /** Pairs whose two answers came from the two processes. */
  acrossProcesses: number;
  /** Pairs with one answer applied and one replayed, and with the same answer. */
  oneApplied: number;
  identical: number;
  appliedBy: [number, number];
  keysStored: number;
  applied: { spins: number; tickets: number };
  lost: number;
  doubled: number;
  ledger: { ok: boolean; accounts: number; mismatches: number };
}

/**
 * Each operation (every other one a spin, the rest ticket purchases) goes twice at once with one
 * key, pinned once to each process through the proxy; then the database must hold one effect per
 * key and no other, and the ledger must balance.
 */
async function twoProcessScenario(proxy: Child, players: Player[], sql: Sql): Promise<Scenario> {
  const order = await ticketOrder(proxy.base, players[0] as Player);
  const before = await sql.json<{ spin: number; ticket: number }>(
    `json_build_object('spin', (select coalesce(max(id), 0) from wheel_spins), 'ticket', (select coalesce(max(id), 0) from lotto_tickets))`,
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const operations = Array.from({ length: SCENARIO_OPERATIONS }, (_, i) => {
    const spin = i % 2 === 0;
    const player = players[i % players.length] as Player;
    return {
      spin,
      url: `${proxy.base}${spin ? SPIN_PATH : TICKETS_PATH}`,
      headers: { ...XHR_JSON, 'x-auth': player.auth, 'idempotency-key': `tp-${RUN}-scenario-${i}` },
      body: spin ? '{}' : order(),
    };
  });
  const started = Date.now();
  const pairs = await Promise.all(
    operations.map((op) =>
      Promise.all(
        [0, 1].map((upstream) => post(agent, op.url, { ...op.headers, 'x-bench-upstream': String(upstream) }, op.body)),
      ),
    ),
  );
  const ms = Date.now() - started;
  agent.destroy();
  await sleep(500);

  const result: Scenario = {
    operations: operations.length,
    spins: operations.filter((op) => op.spin).length,
    tickets: operations.filter((op) => !op.spin).length,
    ms,
    answers2xx: 0,
    answersOther: new Map(),
    acrossProcesses: 0,
    oneApplied: 0,
    identical: 0,
    appliedBy: [0, 0],
    keysStored: 0,
    applied: { spins: 0, tickets: 0 },
    lost: 0,
    doubled: 0,
    ledger: { ok: false, accounts: 0, mismatches: 0 },
  };
  const acknowledged = { spins: new Set<number>(), tickets: new Set<number>() };
  pairs.forEach((answers, i) => {
    const op = operations[i];
    if (!op) return;
    const ids = new Set<number>();
    for (const answer of answers) {
      if (answer.status >= 200 && answer.status < 300) {
        result.answers2xx += 1;
        const json = JSON.parse(answer.body) as { id?: number; spins?: Array<{ id: number }> };
        const id = op.spin ? json.spins?.[0]?.id : json.id;
        if (id !== undefined) ids.add(id);
      } else {
        const key = `${answer.status} ${/"code":"([\w-]+)"/.exec(answer.body)?.[1] ?? answer.body.slice(0, 60)}`;
        result.answersOther.set(key, (result.answersOther.get(key) ?? 0) + 1);
      }
    }
    const [a, b] = answers;
    if (!a || !b) return;
    if (new Set([a.upstream, b.upstream]).size === 2) result.acrossProcesses += 1;
    if (a.replayed !== b.replayed) {
      result.oneApplied += 1;
      result.appliedBy[a.replayed ? 1 : 0] += 1;
    }
    if (a.status === b.status && sameAnswer(a.body, b.body)) result.identical += 1;
    // Two answers naming two different effects: one key applied twice.
    if (ids.size > 1) result.doubled += ids.size - 1;
    for (const id of ids) (op.spin ? acknowledged.spins : acknowledged.tickets).add(id);
  });

  const db = await sql.json<{
    spins: number[];
    tickets: number[];
    keys: Array<{ spin: number | null; ticket: number | null }>;
  }>(
    `json_build_object(
      'spins', (select coalesce(json_agg(id), '[]') from wheel_spins where id > ${before.spin}),
      'tickets', (select coalesce(json_agg(id), '[]') from lotto_tickets where id > ${before.ticket}),
      'keys', (select coalesce(json_agg(json_build_object(
          'spin', (response->'spins'->0->>'id')::int, 'ticket', (response->>'id')::int)), '[]')
        from idempotency_keys where key like 'tp-${RUN}-scenario-%'))`,
  );
  result.keysStored = db.keys.length;
  result.applied = { spins: db.spins.length, tickets: db.tickets.length };
  const keyed = new Set(db.keys.flatMap((k) => [k.spin, k.ticket]).filter((id) => id !== null));
  const rows = { spins: new Set(db.spins), tickets: new Set(db.tickets) };
  // Rows no key holds are effects applied a second time.
  result.doubled += db.spins.filter((id) => !keyed.has(id)).length + db.tickets.filter((id) => !keyed.has(id)).length;
  result.lost =
    [...acknowledged.spins].filter((id) => !rows.spins.has(id)).length +
    [...acknowledged.tickets].filter((id) => !rows.tickets.has(id)).length;
  const ledger = await ledgerCheck(proxy.base);
  result.ledger = { ok: ledger.ok, accounts: ledger.accounts, mismatches: ledger.mismatches.length };
  return result;
}

// ---------------------------------------------------------------------------------------------
// The run and its section of bench/results.md.

const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : String(Math.round(v))) : 'n/a');
const count = (v: number) => Math.round(v).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'ok' : '**over**');
const pass = (ok: boolean) => (ok ? 'ok' : '**FAIL**');
const TABLE_HEAD = [
  '| target | req/s | p50 ms | p99 ms | non-2xx | ratio to limit | verdict |',
  '|---|---|---|---|---|---|---|',
];

/**
 * A target's row. Its verdict: no non-2xx, and either a budget (at least `rps` with p99 under
 * BUDGET.p99Ms) or an aim (at least `aim` x the limit measured in the same run).
 */
function row(result: Measured, limit: number | undefined, goal: { rps: number } | { aim: number }): string {
  const met =
    'aim' in goal
      ? limit !== undefined && result.requestsPerSecond >= goal.aim * limit
      : result.requestsPerSecond >= goal.rps && result.p99 < BUDGET.p99Ms;
  const ok = met && result.non2xx === 0;
  const errors = result.errors > 0 ? ` (+${result.errors} errors)` : '';
  const ratio = limit === undefined || !(limit > 0) ? '–' : (result.requestsPerSecond / limit).toFixed(2);
  // Work outside the bench took cores from this figure: say so where it is read.
  const squeezed = result.cpu.rest >= SQUEEZED_PCT ? ` (others used ${Math.round(result.cpu.rest)} % of a core)` : '';
  return `| ${result.name} | ${count(result.requestsPerSecond)} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.non2xx}${errors} | ${ratio} | ${verdict(ok)}${squeezed} |`;
}

const cpuLine = (results: Measured[]) => {
  const pct = (v: number) => (v < 0.5 ? '–' : String(Math.round(v)));
  const each = results.map(
    ({ name, cpu: c }) =>
      `${name} ${pct(c.servers)} / ${pct(c.proxy)} / ${pct(c.autocannon)} / ${pct(c.postgres)} / ${pct(c.rest)}`,
  );
  return `CPU during each load, % of one core (${availableParallelism()} cores = ${availableParallelism() * 100} %), server(s) / proxy / autocannon / PostgreSQL / rest of the machine: ${each.join('; ')}.`;
};

const spinsOk = (check: SpinCheck, ledger: SpinLedger) =>
  check.lost === 0 && check.doubled === 0 && ledger.replayed === 0;

const spinCheckLine = (name: string, check: SpinCheck, ledger: SpinLedger) => {
  const refusals = [...ledger.refusals].map(([what, n]) => `${n} x ${what}`).join(', ');
  return `- ${name}: ${count(check.acknowledged)} spins acknowledged (warm-ups included), ${count(check.inDatabase)} in the database: **${check.lost} lost, ${check.doubled} doubled**; ${check.unacknowledged} applied whose answer was cut off when a load stopped; fresh keys answered as replays: ${ledger.replayed}; refusals: ${refusals || 'none'}: ${pass(spinsOk(check, ledger))}.`;
};

const scenarioOk = (s: Scenario) =>
  s.doubled === 0 && s.lost === 0 && s.identical === s.operations && s.oneApplied === s.operations;

const newSpinLedger = (): SpinLedger => ({ acknowledged: [], replayed: 0, refusals: new Map() });

interface Figures {
  pgbench: { tps: number; latencyMs: number };
  pgliteFloor: PgliteFloor;
  /** The floor's runs, at the start and at the end. */
  floors: Measured[];
  configs: Measured[];
  spins: Measured[];
  pglite: { check: SpinCheck; ledger: SpinLedger; ledgerCheck: { ok: boolean; accounts: number } };
  postgres: { check: SpinCheck; ledger: SpinLedger; scenario: Scenario };
}

/**
 * PGlite: a first start migrates and seeds (and gives the config bytes for the floor), the players
 * are added while no server holds the data directory, a second start serves the load.
 */
async function pgliteTargets(work: string, track: (child: Promise<Child>) => Promise<Child>) {
  const dataDir = path.join(work, 'pglite');
  const seeding = await track(startServer('pglite-seed', { dataDir }, work));
  const config = await rawConfig(seeding.base);
  await seeding.stop();
  await withPglite(dataDir, (sql) => sql.exec(PREPARE_PLAYERS));
  const server = await track(startServer('pglite', { dataDir }, work));

  const bodyFile = path.join(work, 'config.br');
  writeFileSync(bodyFile, config.body);
  log(`config floor: Fastify sending the ${config.body.length} brotli bytes`);
  const floorServer = await track(
    startChild(
      'config-floor',
      'bench/config-floor.ts',
      { FLOOR_BODY: bodyFile, FLOOR_ETAG: config.etag, FLOOR_CONTENT_TYPE: config.contentType },
      CONFIG_PATH,
      work,
    ),
  );
  const floor = await configLoad(FLOOR_NAME, { servers: [floorServer] });

  log('PGlite, one process');
  const players = await signInPlayers(server.base);
  const of = { servers: [server] };
  const ledger = newSpinLedger();
  const configResult = await configLoad('PGlite, 1 process', of);
  const spinResult = await spinLoad('PGlite, 1 process', of, players, ledger);
  const ledgerCheckResult = await ledgerCheck(server.base);
  await server.stop();
  const check = await withPglite(dataDir, (sql) => checkSpins(sql, ledger.acknowledged));
  return { floorServer, floor, config: configResult, spin: spinResult, check, ledger, ledgerCheck: ledgerCheckResult };
}

/** PostgreSQL: one process, the proxy in front of it, two processes behind the proxy, the scenario. */
async function postgresTargets(
  work: string,
  track: (child: Promise<Child>) => Promise<Child>,
  sql: Sql,
  postgres: PostgresServer,
) {
  log('PostgreSQL, one process');
  const postmaster = postmasterOn(postgres.port);
  const first = await track(startServer('postgres-1', { url: postgres.url }, work));
  await sql.exec(PREPARE_PLAYERS);
  const players = await signInPlayers(first.base);
  const ledger = newSpinLedger();
  const configs: Measured[] = [];
  const spins: Measured[] = [];
  const measure = async (name: string, of: Processes) => {
    configs.push(await configLoad(name, of));
    spins.push(await spinLoad(name, of, players, ledger));
  };
  await measure('PostgreSQL, 1 process', { servers: [first], postmaster });

  log('PostgreSQL, the proxy in front of one process');
  const proxyOne = await track(startProxy('proxy-1', [first], work));
  await measure('PostgreSQL, proxy → 1 process', { servers: [first], proxy: proxyOne, postmaster });
  await proxyOne.stop();

  log('PostgreSQL, two processes behind the proxy');
  const second = await track(startServer('postgres-2', { url: postgres.url }, work));
  const proxyTwo = await track(startProxy('proxy-2', [first, second], work));
  await measure('PostgreSQL, proxy → 2 processes', { servers: [first, second], proxy: proxyTwo, postmaster });
  const check = await checkSpins(sql, ledger.acknowledged);

  log(`two-process scenario: ${SCENARIO_OPERATIONS} operations, each sent to both processes at once`);
  const scenario = await twoProcessScenario(proxyTwo, players, sql);
  return { configs, spins, check, ledger, scenario };
}

function section(f: Figures, startedAt: Date, load1: number, failed: boolean): string[] {
  const s = f.postgres.scenario;
  const floor = f.floors.reduce((best, r) => (r.requestsPerSecond > best.requestsPerSecond ? r : best));
  const floorRuns = f.floors.map((r) => count(r.requestsPerSecond)).join(' and ');
  const other = [...s.answersOther].map(([what, n]) => `${n} x ${what}`).join(', ');
  return [
    `## Server throughput (loopback, ${CONNECTIONS} connections, ${SECONDS} s each after a ${WARM_UP_SECONDS} s warm-up; limits measured in the same run)`,
    '',
    `Run ${startedAt.toISOString()} on ${availableParallelism()} cores (load average ${load1.toFixed(1)} at the start), Node ${process.version}: autocannon, the proxy, the servers and PostgreSQL share the cores. PostgreSQL commits durably (synchronous_commit and fsync on). Servers in production mode (request log on), rate limits off. Checks: ${failed ? '**FAIL**' : '**pass**'}. \`node bench/throughput.ts\` runs this section alone.`,
    '',
    `Config: GET ${CONFIG_PATH}, brotli. Budget >= ${count(BUDGET.configRps)} req/s and p99 < ${BUDGET.p99Ms} ms; ratio to the Fastify floor (aim >= ${AIM.config}).`,
    '',
    ...TABLE_HEAD,
    `| ${floor.name}, the better of ${floorRuns} | ${count(floor.requestsPerSecond)} | ${ms(floor.p50)} | ${ms(floor.p99)} | ${floor.non2xx} | 1.00 | limit |`,
    ...f.configs.map((r) => row(r, floor.requestsPerSecond, { rps: BUDGET.configRps })),
    '',
    cpuLine([floor, ...f.configs]),
    '',
    `Spin: POST wheel ${WHEEL} spin, each request a new spin with its own Idempotency-Key, ${PLAYERS} players in turn; a spin is one statement that commits on its own (decision 045). The verdict is the ratio to the database's own limit for such a transaction in this run against its aim (issue 41): pgbench's tps on PostgreSQL (aim >= ${AIM.spinPostgres}), the same transaction through PGlite's API on PGlite (aim >= ${AIM.spinPglite}; PGlite runs PostgreSQL in WebAssembly on the server's own thread, one transaction at a time: no server on it can commit more); no non-2xx.`,
    '',
    ...TABLE_HEAD,
    `| pgbench TPC-B -s 10, 50 clients, 2 threads (tps) | ${count(f.pgbench.tps)} | | ${ms(f.pgbench.latencyMs)} (average) | | 1.00 | limit (PostgreSQL) |`,
    `| PGlite: pgbench's TPC-B transaction through PGlite's API, back to back, on disk (tps) | ${count(f.pgliteFloor.tps)} | | ${ms(f.pgliteFloor.averageMs)} (average) | | 1.00 | limit (PGlite) |`,
    ...f.spins.map((r) =>
      r.name.startsWith('PGlite')
        ? row(r, f.pgliteFloor.tps, { aim: AIM.spinPglite })
        : row(r, f.pgbench.tps, { aim: AIM.spinPostgres }),
    ),
    '',
    cpuLine(f.spins),
    '',
    spinCheckLine('PGlite', f.pglite.check, f.pglite.ledger),
    spinCheckLine('PostgreSQL (three runs)', f.postgres.check, f.postgres.ledger),
    `- PGlite ledger check after the spins: ok **${f.pglite.ledgerCheck.ok}** (${f.pglite.ledgerCheck.accounts} accounts): ${pass(f.pglite.ledgerCheck.ok)}.`,
    '',
    `Two processes on one PostgreSQL behind the proxy: ${s.operations} operations (${s.spins} spins, ${s.tickets} ticket purchases), each sent twice at once with one Idempotency-Key, once to each process; all ${s.operations * 2} requests at once, answered in ${count(s.ms)} ms.`,
    '',
    `- Answers: ${s.answers2xx} 2xx of ${s.operations * 2}${other ? ` (other: ${other})` : ''}; pairs answered by both processes: ${s.acrossProcesses}; applied by process 1 / process 2 (the other copy replayed): ${s.appliedBy[0]} / ${s.appliedBy[1]}.`,
    `- Effects: ${s.keysStored} keys stored, ${s.applied.spins} spins and ${s.applied.tickets} tickets in the database; pairs with one applied and one replayed answer: ${s.oneApplied}; pairs with the same answer twice: ${s.identical}; **${s.doubled} doubled, ${s.lost} lost**: ${pass(scenarioOk(s))}.`,
    `- Ledger check afterwards: ok **${s.ledger.ok}**, ${s.ledger.accounts} accounts, ${s.ledger.mismatches} mismatches: ${pass(s.ledger.ok)}.`,
  ];
}

/** What a bench section's run has: its folder, its children kept for the end, its PostgreSQL. */
export interface BenchRun {
  work: string;
  /** A started child, stopped when the run ends. */
  track: (child: Promise<Child>) => Promise<Child>;
  startedAt: Date;
  /** The machine's load average when the run started. */
  load1: number;
  /** Starts the run's PostgreSQL (durable), stopped when the run ends. */
  startPostgres: (port?: number) => Promise<PostgresServer>;
}

/**
 * Runs a bench section: past `hardLimitMs` every process it started is killed and the bench exits;
 * at the end its children and its PostgreSQL stop, and its folder (the server logs) goes unless a
 * check failed.
 */
export async function benchRun(
  name: string,
  hardLimitMs: number,
  body: (run: BenchRun) => Promise<{ lines: string[]; failed: boolean }>,
): Promise<{ lines: string[]; failed: boolean }> {
  const say = (message: string) => process.stderr.write(`[${name}] ${message}\n`);
  const deadline = setTimeout(() => {
    say(`hard limit of ${hardLimitMs / 1000} s reached: stopping every process started`);
    killChildren();
    process.exit(2);
  }, hardLimitMs);
  deadline.unref();
  process.on('exit', killChildren);
  const work = mkdtempSync(path.join(tmpdir(), `promo-${name}-`));
  const started: Child[] = [];
  const track = async (child: Promise<Child>) => {
    const c = await child;
    started.push(c);
    return c;
  };
  let postgres: PostgresServer | undefined;
  let failed = true;
  try {
    const result = await body({
      work,
      track,
      startedAt: new Date(),
      load1: loadavg()[0] ?? 0,
      startPostgres: async (port) => {
        postgres = await startPostgres({ durable: true, ...(port === undefined ? {} : { port }) });
        return postgres;
      },
    });
    failed = result.failed;
    return result;
  } finally {
    for (const child of started.reverse()) await child.stop().catch(() => undefined);
    killChildren();
    await postgres?.stop();
    clearTimeout(deadline);
    process.off('exit', killChildren);
    if (failed) say(`kept ${work} (server logs) for a look`);
    else rmSync(work, { recursive: true, force: true });
  }
}

/** Measures everything; the lines of the section and whether a correctness check failed. */
export const serverThroughput = () =>
  benchRun('throughput', HARD_LIMIT_MS, async ({ work, track, startedAt, load1, startPostgres: durable }) => {
    // The disk's limit first, on a quiet machine: pgbench on the bench's PostgreSQL.
    const bin = ensurePostgresInstalled();
    log('starting PostgreSQL (synchronous commit, fsync on)');
    const postgres = await durable();
    log(`pgbench TPC-B -s 10, 50 clients, ${SECONDS} s`);
    const bench = await pgbench(bin, postgres);
    log(`PGlite: the TPC-B transaction through its API, ${SECONDS} s`);
    const pgliteFloor = await pgliteTpcb(work, SECONDS);
    const pglite = await pgliteTargets(work, track);
    const pg = await postgresTargets(work, track, psql(bin, postgres), postgres);
    // The floor again at the end: a limit is the best this machine did in the run (others' work
    // on the machine only lowers it).
    log('config floor again');
    const floors = [pglite.floor, await configLoad(FLOOR_NAME, { servers: [pglite.floorServer] })];
    const failed = !(
      spinsOk(pglite.check, pglite.ledger) &&
      spinsOk(pg.check, pg.ledger) &&
      pglite.ledgerCheck.ok &&
      scenarioOk(pg.scenario) &&
      pg.scenario.ledger.ok
    );
    const figures: Figures = {
      pgbench: bench,
      pgliteFloor,
      floors,
      configs: [pglite.config, ...pg.configs],
      spins: [pglite.spin, ...pg.spins],
      pglite,
      postgres: pg,
    };
    return { lines: section(figures, startedAt, load1, failed), failed };
  });

/**
 * A bench section run as a script: its children stopped on a signal, its lines written to
 * bench/results.md under `name` and printed, its exit code whether a check failed.
 */
export async function runSectionAlone(
  name: string,
  measure: () => Promise<{ lines: string[]; failed: boolean }>,
): Promise<never> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killChildren();
      process.exit(130);
    });
  }
  const { lines, failed } = await measure();
  writeResultsSection(name, lines);
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.main) await runSectionAlone('throughput', serverThroughput);
