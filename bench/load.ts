/**
 * `npm run bench:load` (issue "Reference server: hardening"): the reference server under two
 * minutes of mixed loopback traffic (autocannon) with 5 % bad input and a graceful restart halfway.
 *
 * It starts the real server (`node server/src/main.ts`) on 127.0.0.1, a free port and a fresh
 * PGlite data directory, with rate limits far above the load, signs in the demo players, and runs
 * reads (config, promotions, lotto, wheel state), writes (ticket purchases with a fresh
 * Idempotency-Key each, deliberate replays of acknowledged keys, wheel spins, analytics events)
 * and bad input (malformed JSON, NUL characters, ids >= 2^31, lone surrogates, wrong types, a key
 * reused with another body). Halfway it sends the server SIGTERM, waits for it to exit and starts
 * it again on the same data directory; requests in that gap fail, which is counted, not failed.
 *
 * Afterwards every acknowledged write (a 2xx ticket or spin) must be in the player's tickets or
 * wheel history, and the operator's ledger check must pass. The figures go to bench/results.md
 * (its own section, replaced by the next run). Exit code 1 when a write was lost, the ledger does
 * not balance, a 5xx came outside the restart gap, a bad input was not refused with a 4xx or a
 * replay did not give the first answer back.
 *
 * LOAD_SECONDS (default 120) shortens the traffic for a smoke run; LOAD_CONNECTIONS (default 16).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOTTERIES, type LotteryCode, quickPick, SALES_CLOSE_MS } from '@promo/contract';
import autocannon from 'autocannon';
import { freePort } from '../scripts/postgres.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/src/seed/demo-players.ts';
import { envInt } from './measure.ts';
import { writeResultsSection } from './results-file.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const HOST = '127.0.0.1';
const SECONDS = envInt('LOAD_SECONDS', 120);
const CONNECTIONS = envInt('LOAD_CONNECTIONS', 16);
const BAD_SHARE = 0.05;
/** The whole run, start-up and checks included, ends by this deadline whatever happens. */
const HARD_LIMIT_MS = (SECONDS + 240) * 1000;
const OPERATOR_KEY = 'demo-operator-key';
const PASSWORD = DEMO_PASSWORD;
const PLAYERS = DEMO_USERS.map((user) => user.login);
/** The prize wheels of the demo catalogue (registry.ts); the ones that have ended are skipped. */
const WHEELS = [123, 137, 138, 146];
const WHEEL_SPINS_PER_DAY = 3;
/** When in the run (fraction of it) each of a player's daily spins on a wheel may go: some after the restart. */
const SPIN_SCHEDULE = [0.05, 0.3, 0.7];
/** Share of each player's money the purchases may spend, spread evenly over the run. */
const SPEND_SHARE = 0.9;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const JSON_TYPE = { 'content-type': 'application/json' };

const log = (message: string) => process.stderr.write(`[load] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The server: a child process, killed at the end whatever happens.

const children = new Set<ChildProcess>();
const killAll = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the server`);
    killAll();
    process.exit(130);
  });
}
setTimeout(() => {
  log(`hard limit of ${HARD_LIMIT_MS / 1000} s reached: stopping`);
  killAll();
  process.exit(2);
}, HARD_LIMIT_MS).unref();

interface Server {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const generous = '1000000';
  return {
    ...process.env,
    HOST,
    PORT: String(port),
    PGLITE_DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'development',
    OPERATOR_API_KEY: OPERATOR_KEY,
    // Far above the load, so nothing is throttled, yet the limiter runs on every request.
    RATE_LIMIT_SIGN_IN: generous,
    RATE_LIMIT_TOKEN: generous,
    RATE_LIMIT_TELEMETRY: generous,
    RATE_LIMIT_ACTIONS: generous,
    RATE_LIMIT_OPERATOR: generous,
  };
}

const tail = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').slice(-2000) : '');

function startServer(port: number, dataDir: string, logFile: string): Server {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: serverEnv(port, dataDir),
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  children.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, exited };
}

/** Waits until /healthz answers 200 (the database too); the server's log tail when it dies or takes over 60 s. */
async function waitHealthy(base: string, server: Server, logFile: string): Promise<void> {
  let dead = false;
  void server.exited.then(() => {
    dead = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !dead) {
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`the server did not become healthy (${dead ? 'it exited' : 'timeout'}):\n${tail(logFile)}`);
}

// ---------------------------------------------------------------------------------------------
// The players.

interface Player {
  login: string;
  userId: number;
  headers: Record<string, string>;
  currency: string;
  balance: number;
  /** The cheapest lotteries on sale for the whole run, with the line price in the player's currency. */
  lotteries: Array<{ code: LotteryCode; price: number }>;
  /** Purchases the budget allows over the run, and the ones sent so far. */
  affordable: number;
  purchasesSent: number;
  broke: boolean;
  wheels: number[];
  spinsSent: Map<number, number>;
  baselineTickets: Set<number>;
  baselineSpins: Set<number>;
  /** Acknowledged writes: ticket id -> Idempotency-Key, spin ids. */
  ackedTickets: Map<number, string>;
  ackedSpins: Set<number>;
}

async function call<T>(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: string,
) {
  const response = await fetch(`${base}${url}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return { json: JSON.parse(text) as T, response };
}

async function ticketIds(base: string, player: Player): Promise<Set<number>> {
  const { json } = await call<{ tickets: Array<{ id: number }> }>(
    base,
    'GET',
    '/web-api/api/v3/lotto/tickets',
    player.headers,
  );
  return new Set(json.tickets.map((t) => t.id));
}

async function spinIds(base: string, player: Player, wheels: number[]): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const wheel of wheels) {
    const { json } = await call<{ spins: Array<{ id: number }> }>(
      base,
      'GET',
      `/web-api/api/web/promotions/wheel/${wheel}/getHistoryWheel`,
      player.headers,
    );
    for (const spin of json.spins) ids.add(spin.id);
  }
  return ids;
}

async function signIn(base: string, login: string): Promise<Player> {
  const signedIn = await call<{ user_id: number }>(
    base,
    'POST',
    '/web-api/external-api/fastLogin',
    { ...XHR, ...JSON_TYPE },
    JSON.stringify({ login, pass: PASSWORD }),
  );
  const cookie = (signedIn.response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const { json: tokenAnswer } = await call<{ token: string }>(base, 'GET', '/web-api/user/gettoken', { cookie });
  const headers = { ...XHR, 'x-auth': `Bearer ${tokenAnswer.token}` };
  const { json: balance } = await call<{ accounts: Array<{ currencyCode: string; amount: string; active: boolean }> }>(
    base,
    'POST',
    '/web-api/user/balance',
    headers,
  );
  const active = balance.accounts.find((a) => a.active);
  const { json: available } = await call<{
    lotteries: Array<{ code: LotteryCode; nextDrawAt: number; linePrice: { amount: string } }>;
  }>(base, 'GET', '/web-api/external-api/lotto/available', headers);
  // Sales must stay open through the run and the checks.
  const openUntil = Date.now() + SALES_CLOSE_MS + (SECONDS + 600) * 1000;
  const lotteries = available.lotteries
    .filter((l) => l.nextDrawAt * 1000 > openUntil && l.code in LOTTERIES)
    .map((l) => ({ code: l.code, price: Number(l.linePrice.amount) }))
    .sort((a, b) => a.price - b.price)
    .slice(0, 3);
  const amount = Number(active?.amount ?? 0);
  const cheapest = lotteries[0]?.price ?? Number.POSITIVE_INFINITY;
  const wheels: number[] = [];
  for (const wheel of WHEELS) {
    const joined = await fetch(`${base}/web-api/api/web/promotions/wheel/${wheel}/confirm-participation`, {
      method: 'POST',
      headers: { ...headers, ...JSON_TYPE },
      body: '{}',
    });
    const state = (await joined.json()) as { spinsLeft?: number };
    if (joined.ok && (state.spinsLeft ?? 0) > 0) wheels.push(wheel);
  }
  const player: Player = {
    login,
    userId: signedIn.json.user_id,
    headers,
    currency: active?.currencyCode ?? '?',
    balance: amount,
    lotteries,
    affordable: Math.floor((amount / cheapest) * SPEND_SHARE),
    purchasesSent: 0,
    broke: false,
    wheels,
    spinsSent: new Map(wheels.map((w) => [w, 0])),
    baselineTickets: new Set(),
    baselineSpins: new Set(),
    ackedTickets: new Map(),
    ackedSpins: new Set(),
  };
  player.baselineTickets = await ticketIds(base, player);
  player.baselineSpins = await spinIds(base, player, WHEELS);
  return player;
}

// ---------------------------------------------------------------------------------------------
// The traffic.

type Phase = 'before' | 'gap' | 'after';
type Kind =
  | 'config'
  | 'promotions'
  | 'promotion'
  | 'lotto available'
  | 'wheel state'
  | 'own tickets'
  | 'buy ticket'
  | 'replay purchase'
  | 'wheel spin'
  | 'analytics'
  | 'bad input';

interface Planned {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  player?: Player;
  key?: string;
  wheel?: number;
  /** The bad input's name. */
  bad?: string;
  /** A replay: the ticket the key was first answered with. */
  expectTicket?: number;
}
interface Context {
  current?: Planned;
}

const clock = { start: 0, sigterm: Number.POSITIVE_INFINITY, healthy: Number.POSITIVE_INFINITY, end: 0 };
const phaseAt = (t: number): Phase => (t < clock.sigterm ? 'before' : t < clock.healthy ? 'gap' : 'after');
const elapsedShare = () => Math.min(1, (Date.now() - clock.start) / (SECONDS * 1000));

const PHASES: Phase[] = ['before', 'gap', 'after'];
const stats = {
  latency: { before: [] as number[], gap: [] as number[], after: [] as number[] },
  errors: { before: 0, gap: 0, after: 0 },
  /** Requests whose connection closed or failed before their answer. */
  abandoned: { before: 0, gap: 0, after: 0 },
  abandonedKinds: new Map<string, number>(),
  /** Answers that closed their connection (Connection: close), and the reconnections they took. */
  closedBy: new Map<string, number>(),
  closedByServer: 0,
  /** `${kind} ${status}` -> count, and per phase the status classes. */
  byKind: new Map<string, number>(),
  classes: Object.fromEntries(PHASES.map((p) => [p, { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }])) as Record<
    Phase,
    Record<'2xx' | '3xx' | '4xx' | '5xx', number>
  >,
  badSent: 0,
  badAbandoned: 0,
  badAnswered: 0,
  bad4xx: 0,
  badNot4xx: [] as string[],
  fiveXxOutsideGap: [] as string[],
  fiveXxInGap: 0,
  replays: 0,
  replayMismatches: [] as string[],
  freshKeyReplayed: 0,
  analyticsAccepted: 0,
  unexpected4xx: new Map<string, number>(),
};
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

let players: Player[] = [];
/** Acknowledged purchases whose keys the replays reuse. */
const ackedPurchases: Array<{ player: Player; key: string; body: string; ticket: number }> = [];
let keySeq = 0;
const freshKey = () => `load-${process.pid}-${Date.now().toString(36)}-${(keySeq++).toString(36)}`;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function ticketBody(player: Player): string | null {
  const lottery = player.lotteries[Math.floor(Math.random() * player.lotteries.length)];
  if (!lottery) return null;
  const line = quickPick(LOTTERIES[lottery.code].format);
  return JSON.stringify({ code: lottery.code, lines: [line], kind: 'default' });
}

function purchase(): Planned | null {
  const share = elapsedShare();
  const candidates = players.filter(
    (p) => !p.broke && p.lotteries.length > 0 && p.purchasesSent < p.affordable * share + 3,
  );
  if (candidates.length === 0) return null;
  const player = pick(candidates);
  const body = ticketBody(player);
  if (!body) return null;
  player.purchasesSent += 1;
  const key = freshKey();
  return {
    kind: 'buy ticket',
    method: 'POST',
    path: '/web-api/api/v3/lotto/tickets',
    headers: { ...player.headers, ...JSON_TYPE, 'idempotency-key': key },
    body,
    player,
    key,
  };
}

function replay(): Planned | null {
  const first = ackedPurchases.length > 0 ? pick(ackedPurchases) : undefined;
  if (!first) return null;
  return {
    kind: 'replay purchase',
    method: 'POST',
    path: '/web-api/api/v3/lotto/tickets',
    headers: { ...first.player.headers, ...JSON_TYPE, 'idempotency-key': first.key },
    body: first.body,
    player: first.player,
    key: first.key,
    expectTicket: first.ticket,
  };
}

function spin(): Planned | null {
  const share = elapsedShare();
  const due = SPIN_SCHEDULE.filter((at) => at <= share).length;
  const open = players.flatMap((player) =>
    player.wheels
      .filter((wheel) => (player.spinsSent.get(wheel) ?? 0) < Math.min(due, WHEEL_SPINS_PER_DAY))
      .map((wheel) => ({ player, wheel })),
  );
  const chosen = open.length > 0 ? pick(open) : undefined;
  if (!chosen) return null;
  chosen.player.spinsSent.set(chosen.wheel, (chosen.player.spinsSent.get(chosen.wheel) ?? 0) + 1);
  return {
    kind: 'wheel spin',
    method: 'POST',
    path: `/web-api/api/web/promotions/wheel/${chosen.wheel}/spin`,
    headers: { ...chosen.player.headers, ...JSON_TYPE, 'idempotency-key': freshKey() },
    body: JSON.stringify({ clientSeed: `load-${keySeq}` }),
    player: chosen.player,
    wheel: chosen.wheel,
  };
}

const analyticsBody = (payload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    events: [{ name: 'page_view', occurredAt: Date.now(), source: 55, payload, ...extra }],
  });

function analytics(): Planned {
  const player = Math.random() < 0.5 ? pick(players) : undefined;
  return {
    kind: 'analytics',
    method: 'POST',
    path: '/web-api/analytics/events',
    headers: { ...(player?.headers ?? XHR), ...JSON_TYPE },
    body: analyticsBody({ path: '/promo/spin-wheel', from: 'bench-load' }),
  };
}

function read(): Planned {
  const player = pick(players);
  const roll = Math.random() * 55;
  const get = (kind: Kind, url: string, headers: Record<string, string> = XHR): Planned => ({
    kind,
    method: 'GET',
    path: url,
    headers,
    player,
  });
  if (roll < 5) return get('config', `/promo-frame/bff-api/config/all.json?lang=${pick(['en', 'ru', 'ar'])}`, {});
  if (roll < 15) return get('promotions', '/web-api/external-api/promotions?lang=en');
  if (roll < 30) return get('promotion', `/web-api/external-api/promotions/${pick(['137', '138', 'spin-wheel'])}`);
  if (roll < 42) return get('lotto available', '/web-api/external-api/lotto/available', player.headers);
  if (roll < 54) return get('wheel state', `/web-api/api/web/promotions/wheel/${pick(WHEELS)}`, player.headers);
  return get('own tickets', '/web-api/api/v3/lotto/tickets', player.headers);
}

/** Bad input: every one must be refused with a 4xx (never a 2xx, never a 5xx). */
const BAD_INPUTS: Array<(player: Player) => Omit<Planned, 'kind' | 'player'>> = [
  (p) => ({
    bad: 'malformed JSON',
    method: 'POST',
    path: '/web-api/api/v3/lotto/tickets',
    headers: { ...p.headers, ...JSON_TYPE, 'idempotency-key': freshKey() },
    body: '{"code":"powerball","lines":[{"main":[1,2,3',
  }),
  (p) => ({
    bad: 'NUL character (escaped) in a ticket kind',
    method: 'POST',
    path: '/web-api/api/v3/lotto/tickets',
    headers: { ...p.headers, ...JSON_TYPE, 'idempotency-key': freshKey() },
    body: JSON.stringify({ code: 'fantasy5', lines: [{ main: [1, 2, 3, 4, 5], bonus: [] }], kind: 'default\u0000' }),
  }),
  (p) => ({
    bad: 'raw NUL byte in a JSON body',
    method: 'POST',
    path: '/web-api/analytics/events',
    headers: { ...p.headers, ...JSON_TYPE },
    body: Buffer.from(analyticsBody({ path: '/a\u0001b' }).replace('\\u0001', '\u0000'), 'utf8'),
  }),
  () => ({
    bad: 'NUL character in a query',
    method: 'GET',
    path: '/web-api/external-api/promotions?lang=e%00n',
    headers: XHR,
  }),
  (p) => ({
    bad: 'wheel id 2^31',
    method: 'GET',
    path: `/web-api/api/web/promotions/wheel/${2 ** 31}`,
    headers: p.headers,
  }),
  (p) => ({
    bad: 'spin on wheel id 2^32',
    method: 'POST',
    path: `/web-api/api/web/promotions/wheel/${2 ** 32}/spin`,
    headers: { ...p.headers, ...JSON_TYPE, 'idempotency-key': freshKey() },
    body: '{}',
  }),
  () => ({
    bad: 'promotion id 2^31',
    method: 'GET',
    path: `/web-api/external-api/promotions/${2 ** 31}`,
    headers: XHR,
  }),
  (p) => ({
    bad: 'lone surrogate in an analytics payload',
    method: 'POST',
    path: '/web-api/analytics/events',
    headers: { ...p.headers, ...JSON_TYPE },
    body: analyticsBody({ path: '/promo/\uD800x' }),
  }),
  (p) => ({
    bad: 'lone surrogate in a spin seed',
    method: 'POST',
    path: `/web-api/api/web/promotions/wheel/${pick(WHEELS)}/spin`,
    headers: { ...p.headers, ...JSON_TYPE, 'idempotency-key': freshKey() },
    body: JSON.stringify({ clientSeed: 'seed\uDC00' }),
  }),
  (p) => ({
    bad: 'wrong type: lines as a string',
    method: 'POST',
    path: '/web-api/api/v3/lotto/tickets',
    headers: { ...p.headers, ...JSON_TYPE, 'idempotency-key': freshKey() },
    body: JSON.stringify({ code: 'fantasy5', lines: '1,2,3,4,5', kind: 'default' }),
  }),
  (p) => ({
    bad: 'wrong type: numbers as strings',
    method: 'POST',
    path: '/web-api/api/v3/lotto/tickets',
    headers: { ...p.headers, ...JSON_TYPE, 'idempotency-key': freshKey() },
    body: JSON.stringify({
      code: 'fantasy5',
      lines: [{ main: ['1', '2', '3', '4', '5'], bonus: [] }],
      kind: 'default',
    }),
  }),
  (p) => ({
    bad: 'wrong type: events as an object',
    method: 'POST',
    path: '/web-api/analytics/events',
    headers: { ...p.headers, ...JSON_TYPE },
    body: JSON.stringify({ events: { name: 'page_view' } }),
  }),
  (p) => ({
    bad: 'numbers out of the lottery range',
    method: 'POST',
    path: '/web-api/api/v3/lotto/tickets',
    headers: { ...p.headers, ...JSON_TYPE, 'idempotency-key': freshKey() },
    body: JSON.stringify({ code: 'fantasy5', lines: [{ main: [0, 40, 41, 2 ** 31, 5], bonus: [] }], kind: 'default' }),
  }),
  (p) => ({
    bad: 'purchase without an Idempotency-Key',
    method: 'POST',
    path: '/web-api/api/v3/lotto/tickets',
    headers: { ...p.headers, ...JSON_TYPE },
    body: ticketBody(p) ?? '{}',
  }),
  (p) => {
    const first = ackedPurchases.length > 0 ? pick(ackedPurchases) : undefined;
    const owner = first?.player ?? p;
    return {
      bad: 'acknowledged Idempotency-Key with another body',
      method: 'POST',
      path: '/web-api/api/v3/lotto/tickets',
      headers: { ...owner.headers, ...JSON_TYPE, 'idempotency-key': first?.key ?? freshKey() },
      // Without an acknowledged key yet, an unknown lottery code stands in.
      body: first ? (ticketBody(owner) ?? '{}') : JSON.stringify({ code: 'nolotto', lines: [], kind: 'default' }),
    };
  },
];

/** The next request: 5 % bad input, else 55 % reads and 40 % writes (paced writes fall back to reads). */
function plan(): Planned {
  if (Math.random() < BAD_SHARE) {
    const player = pick(players);
    stats.badSent += 1;
    return { kind: 'bad input', player, ...pick(BAD_INPUTS)(player) };
  }
  const roll = Math.random() * 95;
  if (roll < 55) return read();
  if (roll < 75) return purchase() ?? read();
  if (roll < 80) return replay() ?? read();
  if (roll < 83) return spin() ?? read();
  return analytics();
}

function setupRequest(request: autocannon.Request, context: object): autocannon.Request {
  const planned = plan();
  (context as Context).current = planned;
  return {
    ...request,
    method: planned.method,
    path: planned.path,
    // A new object each time: the request builder writes Content-Length into it.
    headers: { ...planned.headers },
    body: planned.body ?? '',
  };
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx';
const parse = <T>(body: string): T | undefined => {
  try {
    return JSON.parse(body) as T;
  } catch {
    return undefined;
  }
};

/** A response header by name, whatever the case the server wrote it in. */
function header(headers: autocannon.Request['headers'], name: string): string {
  const entry = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return String(entry?.[1] ?? '');
}

function onResponse(status: number, body: string, context: object, headers: autocannon.Request['headers']): void {
  const planned = (context as Context).current;
  (context as Context).current = undefined;
  if (!planned) return;
  const phase = phaseAt(Date.now());
  const cls = statusClass(status);
  if (cls in stats.classes[phase]) stats.classes[phase][cls] += 1;
  bump(stats.byKind, `${planned.kind}${planned.bad ? `: ${planned.bad}` : ''} ${status}`);
  const what = `${planned.kind}${planned.bad ? ` (${planned.bad})` : ''} ${planned.method} ${planned.path}: ${status} ${body.slice(0, 160)}`;
  if (/close/i.test(header(headers, 'connection')))
    bump(stats.closedBy, `${planned.kind}${planned.bad ? ` (${planned.bad})` : ''} ${status}`);
  if (status >= 500) {
    if (phase === 'gap') stats.fiveXxInGap += 1;
    else stats.fiveXxOutsideGap.push(`${phase}: ${what}`);
  }
  if (planned.kind === 'bad input') {
    stats.badAnswered += 1;
    if (cls === '4xx') stats.bad4xx += 1;
    else if (!(phase === 'gap' && status === 503)) stats.badNot4xx.push(`${phase}: ${what}`);
    return;
  }
  const replayed = header(headers, 'idempotent-replayed') === 'true';
  const player = planned.player;
  if (planned.kind === 'buy ticket' && player && planned.key) {
    if (cls === '2xx') {
      const ticket = parse<{ id?: number }>(body)?.id;
      if (typeof ticket === 'number') {
        player.ackedTickets.set(ticket, planned.key);
        ackedPurchases.push({ player, key: planned.key, body: String(planned.body), ticket });
      }
      if (replayed) stats.freshKeyReplayed += 1;
    } else if (status === 409 && body.includes('insufficient_funds')) {
      player.broke = true;
    }
  } else if (planned.kind === 'replay purchase') {
    stats.replays += 1;
    if (cls === '2xx') {
      const ticket = parse<{ id?: number }>(body)?.id;
      if (ticket !== planned.expectTicket || !replayed) {
        stats.replayMismatches.push(
          `key ${planned.key}: first ticket ${planned.expectTicket}, replay ticket ${ticket}, replayed ${replayed}`,
        );
      }
    } else if (status < 500) {
      stats.replayMismatches.push(`key ${planned.key}: replay answered ${status} ${body.slice(0, 160)}`);
    }
  } else if (planned.kind === 'wheel spin' && player && cls === '2xx') {
    for (const s of parse<{ spins?: Array<{ id: number }> }>(body)?.spins ?? []) player.ackedSpins.add(s.id);
  } else if (planned.kind === 'analytics' && cls === '2xx') {
    stats.analyticsAccepted += 1;
  }
  // Refusals the mix expects: money or spins running out, sales closing. Anything else is reported.
  if (cls === '4xx' && !/insufficient_funds|no_spins|sales_closed/.test(body)) {
    bump(stats.unexpected4xx, `${planned.kind} ${status} ${body.slice(0, 120)}`);
  }
}

/** A request whose connection died before its answer: its paced write may go again. */
function abandoned(planned: Planned): void {
  const phase = phaseAt(Date.now());
  stats.abandoned[phase] += 1;
  bump(stats.abandonedKinds, `${phase}: ${planned.kind}${planned.bad ? ` (${planned.bad})` : ''}`);
  if (planned.kind === 'bad input') stats.badAbandoned += 1;
  if (planned.kind === 'buy ticket' && planned.player) planned.player.purchasesSent -= 1;
  if (planned.kind === 'wheel spin' && planned.player && planned.wheel !== undefined) {
    const sent = planned.player.spinsSent.get(planned.wheel) ?? 1;
    planned.player.spinsSent.set(planned.wheel, sent - 1);
  }
}

/**
 * Repairs to autocannon's client for a server that closes connections and goes away: an answer
 * with Connection: close is honoured (a new connection for the next request, as a browser would;
 * autocannon would write it on the closing one), a connection that died drops its unanswered
 * request from the queue (else every later latency is measured from a dead request's start) and
 * from the pacing of the writes, and reconnecting after a refusal waits 100 ms instead of spinning.
 */
function setupClient(client: autocannon.Client): void {
  const c = client as unknown as {
    _connect: () => void;
    _doRequest: () => void;
    _resetConnection: () => void;
    pipelinedRequests: { clear(): void };
    requestIterator: { context: Context };
    destroyed: boolean;
    on(event: 'connError', listener: () => void): void;
    on(event: 'headers', listener: (info: { shouldKeepAlive?: boolean }) => void): void;
  };
  const connect = c._connect.bind(c);
  const doRequest = c._doRequest.bind(c);
  let lastError = 0;
  let first = true;
  let closing = false;
  c.on('connError', () => {
    lastError = Date.now();
  });
  c.on('headers', (info) => {
    if (info.shouldKeepAlive === false) closing = true;
  });
  c._doRequest = () => {
    if (!closing) return doRequest();
    closing = false;
    stats.closedByServer += 1;
    c._resetConnection();
  };
  c._connect = () => {
    c.pipelinedRequests.clear();
    closing = false;
    // The first connection carries the first request; any later one replaces a closed or dead one.
    const lost = first ? undefined : c.requestIterator.context.current;
    first = false;
    if (lost) {
      c.requestIterator.context.current = undefined;
      abandoned(lost);
    }
    if (Date.now() - lastError > 1000) return connect();
    setTimeout(() => {
      if (!c.destroyed) connect();
    }, 100);
  };
}

function runTraffic(base: string): { instance: autocannon.Instance; done: Promise<autocannon.Result> } {
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 10,
        setupClient,
        requests: [{ setupRequest, onResponse }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    stats.latency[phaseAt(Date.now())].push(responseTime);
  });
  instance.on('reqError', () => {
    stats.errors[phaseAt(Date.now())] += 1;
  });
  return { instance, done };
}

// ---------------------------------------------------------------------------------------------
// The run.

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v < 10 ? v.toFixed(1) : String(Math.round(v)));

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    // Read-only: no index refresh (GIT_OPTIONAL_LOCKS=0), others may be working in this checkout.
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
    }).trim();
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<number> {
  const work = mkdtempSync(path.join(tmpdir(), 'promo-load-'));
  const dataDir = path.join(work, 'pglite');
  const logFile = path.join(work, 'server.log');
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  let failed = true;
  let server: Server | undefined;
  try {
    log(`starting the server on ${base} (data in ${dataDir}, log ${logFile})`);
    const bootStart = Date.now();
    server = startServer(port, dataDir, logFile);
    await waitHealthy(base, server, logFile);
    log(`healthy after ${Date.now() - bootStart} ms; signing in ${PLAYERS.length} players`);
    players = [];
    for (const login of PLAYERS) players.push(await signIn(base, login));
    for (const p of players) {
      log(
        `  ${p.login}: ${p.balance} ${p.currency}, ${p.affordable} tickets budgeted (${p.lotteries.map((l) => `${l.code} ${l.price}`).join(', ')}), wheels ${p.wheels.join(' ') || 'none'}`,
      );
    }
    if (players.every((p) => p.affordable === 0)) throw new Error('no player can afford a ticket');

    log(`traffic: ${SECONDS} s, ${CONNECTIONS} connections, restart at ${SECONDS / 2} s`);
    clock.start = Date.now();
    const traffic = runTraffic(base);
    await sleep((SECONDS * 1000) / 2);

    // The restart: SIGTERM (requests in flight finish), exit, start again on the same data.
    const first = server;
    clock.sigterm = Date.now();
    first.child.kill('SIGTERM');
    const exit = await Promise.race([first.exited, sleep(30_000).then(() => null)]);
    if (!exit) {
      log('the server did not exit within 30 s of SIGTERM: killing it');
      first.child.kill('SIGKILL');
    }
    const stoppedAt = Date.now();
    const stopped = exit ?? (await first.exited);
    server = startServer(port, dataDir, logFile);
    await waitHealthy(base, server, logFile);
    clock.healthy = Date.now();
    const restart = {
      gapMs: clock.healthy - clock.sigterm,
      shutdownMs: stoppedAt - clock.sigterm,
      startMs: clock.healthy - stoppedAt,
      exit: stopped.signal ? `signal ${stopped.signal}` : `code ${stopped.code}`,
      graceful: exit !== null,
    };
    log(`restarted: ${restart.gapMs} ms without service (shutdown ${restart.shutdownMs} ms, exit ${restart.exit})`);

    const result = await traffic.done;
    clock.end = Date.now();
    log('traffic done; checking the acknowledged writes and the ledger');
    await sleep(1000);

    // Every acknowledged write must be there after the restart.
    const perPlayer: string[] = [];
    let ackedTickets = 0;
    let ackedSpins = 0;
    let lost = 0;
    let unacknowledgedApplied = 0;
    const lostIds: string[] = [];
    for (const p of players) {
      const tickets = await ticketIds(base, p);
      const spins = await spinIds(base, p, WHEELS);
      const lostTickets = [...p.ackedTickets.keys()].filter((id) => !tickets.has(id));
      const lostSpins = [...p.ackedSpins].filter((id) => !spins.has(id));
      const newTickets = [...tickets].filter((id) => !p.baselineTickets.has(id));
      const newSpins = [...spins].filter((id) => !p.baselineSpins.has(id));
      ackedTickets += p.ackedTickets.size;
      ackedSpins += p.ackedSpins.size;
      lost += lostTickets.length + lostSpins.length;
      lostIds.push(
        ...lostTickets.map((id) => `${p.login} ticket ${id}`),
        ...lostSpins.map((id) => `${p.login} spin ${id}`),
      );
      const extra =
        newTickets.filter((id) => !p.ackedTickets.has(id)).length +
        newSpins.filter((id) => !p.ackedSpins.has(id)).length;
      unacknowledgedApplied += extra;
      perPlayer.push(
        `| ${p.login} | ${p.ackedTickets.size} | ${p.ackedSpins.size} | ${lostTickets.length + lostSpins.length} | ${extra} |`,
      );
    }
    const ledger = (
      await call<{ ok: boolean; accounts: number; mismatches: unknown[] }>(
        base,
        'GET',
        '/operator-api/v1/ledger/check',
        { authorization: `Bearer ${OPERATOR_KEY}` },
      )
    ).json;

    // Figures.
    const totals = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    for (const phase of PHASES)
      for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += stats.classes[phase][k];
    const responses = totals['2xx'] + totals['3xx'] + totals['4xx'] + totals['5xx'];
    const errors = stats.errors.before + stats.errors.gap + stats.errors.after;
    const abandonedTotal = stats.abandoned.before + stats.abandoned.gap + stats.abandoned.after;
    const seconds = (clock.end - clock.start) / 1000;
    const spans: Record<Phase, number> = {
      before: (clock.sigterm - clock.start) / 1000,
      gap: (clock.healthy - clock.sigterm) / 1000,
      after: (clock.end - clock.healthy) / 1000,
    };
    const all = PHASES.flatMap((p) => stats.latency[p]).sort((a, b) => a - b);
    const phaseRow = (name: string, p: Phase) => {
      const c = stats.classes[p];
      const sorted = [...stats.latency[p]].sort((x, y) => x - y);
      const count = countOf(c);
      return `| ${name} | ${spans[p].toFixed(1)} | ${count} | ${Math.round(count / spans[p])} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 99))} | ${c['2xx']} | ${c['4xx']} | ${c['5xx']} | ${stats.errors[p]} | ${stats.abandoned[p]} |`;
    };
    const countOf = (c: Record<string, number>) =>
      (c['2xx'] ?? 0) + (c['3xx'] ?? 0) + (c['4xx'] ?? 0) + (c['5xx'] ?? 0);
    const writesAcked = ackedTickets + ackedSpins;
    const failures = [
      lost > 0 ? `${lost} acknowledged writes lost: ${lostIds.slice(0, 10).join(', ')}` : '',
      ledger.ok ? '' : `ledger check not ok: ${JSON.stringify(ledger.mismatches).slice(0, 500)}`,
      stats.fiveXxOutsideGap.length > 0 ? `${stats.fiveXxOutsideGap.length} 5xx outside the restart gap` : '',
      stats.badNot4xx.length > 0 ? `${stats.badNot4xx.length} bad inputs not refused with a 4xx` : '',
      stats.replayMismatches.length > 0 ? `${stats.replayMismatches.length} replays without the first answer` : '',
      writesAcked === 0 ? 'no write was acknowledged' : '',
    ].filter(Boolean);
    const kinds = [...stats.byKind.entries()].sort(([a], [b]) => a.localeCompare(b));
    const lines = [
      '## Reference server: load with a restart (`npm run bench:load`)',
      '',
      `Run ${new Date(clock.start).toISOString()} at commit ${gitCommit()} on ${process.platform} ${process.arch}, Node ${process.version}: ${seconds.toFixed(1)} s of mixed loopback traffic (autocannon ${CONNECTIONS} connections, ${Math.round(BAD_SHARE * 100)} % bad input), a SIGTERM restart at ${spans.before.toFixed(1)} s on the same PGlite data directory. Verdict: ${failures.length === 0 ? '**pass**' : `**FAIL** (${failures.join('; ')})`}.`,
      '',
      '| phase | s | answers | answers/s | p50 ms | p99 ms | 2xx | 4xx | 5xx | connection errors | requests lost with their connection |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...PHASES.map((p) => phaseRow(p === 'gap' ? 'restart gap' : `${p} restart`, p)),
      `| **whole run** | ${seconds.toFixed(1)} | ${responses} | ${Math.round(responses / seconds)} | ${ms(percentile(all, 50))} | ${ms(percentile(all, 99))} | ${totals['2xx']} | ${totals['4xx']} | ${totals['5xx']} | ${errors} | ${abandonedTotal} |`,
      '',
      `- Restart: ${restart.gapMs} ms from SIGTERM to the new server's /healthz (shutdown ${restart.shutdownMs} ms, ${restart.graceful ? 'exit' : 'killed after 30 s,'} ${restart.exit}; start ${restart.startMs} ms). In the gap: ${stats.errors.gap} connection errors, ${stats.fiveXxInGap} 5xx answers (503 while closing).`,
      `- Acknowledged writes: **${writesAcked}** (${ackedTickets} tickets, ${ackedSpins} wheel spins) and ${stats.analyticsAccepted} analytics batches; after the restart **${lost} lost**. Applied without an acknowledgement (answer lost with its connection): ${unacknowledgedApplied}.`,
      `- Replays of an acknowledged Idempotency-Key: ${stats.replays}, ${stats.replayMismatches.length} without the first answer; fresh keys answered as replays: ${stats.freshKeyReplayed}.`,
      `- Bad input: ${stats.badSent} sent (${((100 * stats.badSent) / Math.max(1, responses + abandonedTotal)).toFixed(1)} % of requests), ${stats.badAnswered} answered: ${stats.bad4xx} refused with a 4xx, ${stats.badNot4xx.length} not (${stats.badAnswered - stats.bad4xx - stats.badNot4xx.length} 503s while closing); ${stats.badAbandoned} lost with their connection.`,
      `- 5xx outside the restart gap: **${stats.fiveXxOutsideGap.length}**.`,
      `- Requests: ${responses + abandonedTotal} sent, ${responses} answered, ${abandonedTotal} lost with their connection (see the table). Answers that closed their connection (Connection: close; the next request went on a new one): ${stats.closedByServer} (${[...stats.closedBy.entries()].map(([what, n]) => `${n} ${what}`).join(', ') || 'none'}).`,
      `- Ledger check after the run: ok **${ledger.ok}**, ${ledger.accounts} accounts, ${ledger.mismatches.length} mismatches.`,
      '',
      '| player | tickets acknowledged | spins acknowledged | lost | applied, unacknowledged |',
      '|---|---|---|---|---|',
      ...perPlayer,
      '',
      '<details><summary>Answers by request kind</summary>',
      '',
      '| request | status | count |',
      '|---|---|---|',
      ...kinds.map(([key, count]) => {
        const at = key.lastIndexOf(' ');
        return `| ${key.slice(0, at)} | ${key.slice(at + 1)} | ${count} |`;
      }),
      '',
      '</details>',
      ...(stats.unexpected4xx.size > 0
        ? [
            '',
            'Other 4xx answers to good requests:',
            '',
            ...[...stats.unexpected4xx.entries()].map(([k, n]) => `- ${n} x ${k.replaceAll('|', '/')}`),
          ]
        : []),
      ...(failures.length > 0
        ? [
            '',
            'Failures:',
            '',
            ...[...stats.fiveXxOutsideGap, ...stats.badNot4xx, ...stats.replayMismatches, ...lostIds]
              .slice(0, 20)
              .map((line) => `- ${line.replaceAll('|', '/')}`),
          ]
        : []),
    ];
    writeResultsSection('load', lines);
    process.stdout.write(`${lines.join('\n')}\n`);
    for (const [what, n] of stats.closedBy) log(`answer that closed its connection: ${n} x ${what}`);
    log(`connections closed by the server and opened again: ${stats.closedByServer}`);
    for (const [what, n] of stats.abandonedKinds) log(`lost with its connection: ${n} x ${what}`);
    log(`autocannon's own count: ${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx`);
    failed = failures.length > 0;
    return failed ? 1 : 0;
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      const gone = await Promise.race([server.exited, sleep(15_000).then(() => null)]);
      if (!gone) server.child.kill('SIGKILL');
    }
    killAll();
    if (failed) log(`kept ${work} (data directory and server log) for a look`);
    else rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAll();
    process.exit(1);
  },
);
