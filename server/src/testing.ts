import { readFile } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import {
  AUTH_ENDPOINTS,
  CONSOLE_ENDPOINTS,
  type Endpoint,
  endpointPath,
  type StaffRole,
  serverRoute,
} from '@promo/contract';
import { count } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from './app.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { auditLog } from './db/schema.ts';
import { transaction } from './db/transaction.ts';
import { DEVELOPMENT_SCRYPT_LOG2N } from './domain/passwords.ts';
import { createPlayer, type NewPlayer } from './domain/players.ts';
import { DEMO_USERS, demoUser } from './seed/demo-players.ts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './seed/demo-staff.ts';
import { readSettings, type ServerSettings } from './settings.ts';
import { copySeededDatabase, DATABASE_ENV } from './testing-postgres.ts';

/**
 * The database the suite runs on: PGlite in the server project, PostgreSQL in server-postgres
 * (vitest.config.ts; test-global-setup.ts starts the server). Every test server and database of a
 * test file is on it, so the whole suite runs on both, one project each.
 */
const onPostgres = process.env[DATABASE_ENV] === 'postgresql';
const postgresUrl = onPostgres ? inject('postgresUrl') : '';
if (onPostgres && !postgresUrl) throw new Error('server-postgres: the global setup provided no PostgreSQL server');

/** The run's database, for tests that name it (`describe.each`, `test.runIf(databaseUrl)`). */
export const databaseTargets: Array<{ name: 'PGlite' | 'PostgreSQL'; databaseUrl: string | undefined }> = [
  onPostgres ? { name: 'PostgreSQL', databaseUrl: postgresUrl } : { name: 'PGlite', databaseUrl: undefined },
];
/** The run's database for a test server: PostgreSQL's URL in server-postgres, undefined (PGlite) otherwise. */
export const testDatabaseUrl = databaseTargets[0]?.databaseUrl;

export interface TestServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
}

/**
 * A seeded database of its own: PGlite starts from the run's seeded dump, PostgreSQL from a copy
 * of the run's seeded template database (test-global-setup.ts), dropped when closed. `url` names
 * the PostgreSQL copy, for a second server on it.
 */
export async function openSeededDatabase(
  databaseUrl: string | undefined = testDatabaseUrl,
): Promise<DatabaseHandle & { url?: string }> {
  if (databaseUrl) {
    const copy = await copySeededDatabase(databaseUrl);
    const database = await openDatabase({ databaseUrl: copy.url, dataDir: 'memory://' });
    return {
      ...database,
      url: copy.url,
      close: async () => {
        await database.close();
        await copy.drop();
      },
    };
  }
  const dump = new Blob([await readFile(inject('seededDataDir'))]);
  return openDatabase({ dataDir: 'memory://', loadDataDir: dump });
}

/** A seeded app per describe block, built before its tests and closed after them. */
export function useTestServer(
  /** Undefined: the run's database (testDatabaseUrl), PGlite or PostgreSQL by project. */
  databaseUrl: string | undefined,
  overrides: Partial<ServerSettings> = {},
  logStream?: Writable,
): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    server.database = await openSeededDatabase(databaseUrl);
    server.app = await buildApp(
      server.database.db,
      readSettings(
        // Renders in the test's own thread (render threads: render-pool.test.ts and end to end).
        { RENDER_THREADS: '0' },
        {
          port: 9999,
          frameAncestors: ['https://host.example'],
          cdnOrigins: ['https://cdn.example'],
          dataDir: 'memory://',
          ...overrides,
        },
      ),
      logStream ? { stream: logStream } : false,
    );
  });
  afterAll(async () => {
    await server.app.close();
    await server.database.close();
  });
  return server;
}

/**
 * Two servers on one database, as two processes behind a load balancer would be: each its own app
 * (its own caches, throttle, live streams and, on PostgreSQL, its own pool), built before the
 * describe block's tests and closed after them.
 */
export function useTwoServers(
  databaseUrl: string | undefined,
  overrides: Partial<ServerSettings> = {},
): [TestServer, TestServer] {
  const servers: [TestServer, TestServer] = [{} as TestServer, {} as TestServer];
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    const first = await openSeededDatabase(databaseUrl);
    // PostgreSQL: a second pool on the same database, as a second process would have.
    const second = first.url ? await openDatabase({ databaseUrl: first.url, dataDir: 'memory://' }) : first;
    // The copy is dropped by the first handle's close: the second closes before it.
    handles.push(...new Set([second, first]));
    for (const [index, database] of [first, second].entries()) {
      const settings = readSettings({ RENDER_THREADS: '0' }, { dataDir: 'memory://', ...overrides });
      Object.assign(servers[index] as TestServer, { app: await buildApp(database.db, settings, false), database });
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.app?.close();
    for (const handle of handles) await handle.close();
  });
  return servers;
}

export const XHR_HEADERS = { 'x-requested-with': 'XMLHttpRequest' } as const;

/**
 * POST fastLogin with a login and password, from a client address (inject's default 127.0.0.1
 * when unset) and with extra headers (a cookie, Accept-Language).
 */
export const fastLogin = (
  server: TestServer,
  login: string,
  pass: string,
  options: { from?: string; headers?: Record<string, string> } = {},
) =>
  server.app.inject({
    method: 'POST',
    url: serverRoute(AUTH_ENDPOINTS.fastLogin),
    ...(options.from ? { remoteAddress: options.from } : {}),
    headers: { ...XHR_HEADERS, ...options.headers },
    payload: { login, pass },
  });

/** Signs `login` in and returns its id and a caller that sends its session token with every call. */
export async function signIn(server: TestServer, login: string, password: string) {
  const answer = await fastLogin(server, login, password);
  const cookie = String(answer.headers['set-cookie']).split(';')[0] ?? '';
  const { token } = (
    await server.app.inject({ url: serverRoute(AUTH_ENDPOINTS.getToken), headers: { cookie } })
  ).json();
  const headers = { ...XHR_HEADERS, 'x-auth': `Bearer ${token}` };
  return {
    userId: answer.json().user_id as number,
    headers,
    call: (method: 'GET' | 'POST', url: string, extra: Record<string, string> = {}, payload?: object) =>
      server.app.inject({ method, url, headers: { ...headers, ...extra }, payload }),
  };
}

/**
 * Signs a demo user in (by index in DEMO_USERS: 0 demo.player, 1 demo.arabic, 2 demo.spinner,
 * 3 demo.uk, 4 demo.wallet, 5 demo.wheel). For reading what the seed made; a test that changes a
 * player's data makes its own with `newPlayer`.
 */
export const signedInCaller = (server: TestServer, index: 0 | 1 | 2 | 3 | 4) =>
  signIn(server, DEMO_USERS[index].login, DEMO_USERS[index].password);

let players = 0;

/**
 * A fresh player of its own for a test that changes data (spins, purchases, takes): a unique
 * login, one active USD 100.00 account unless `accounts` says otherwise, demo.player's country
 * (DEMO_USERS) unless told, then signed in. No other test sees it, so tests do not depend on each
 * other's order.
 */
export async function newPlayer(
  server: TestServer,
  options: Partial<Omit<NewPlayer, 'login' | 'password'>> & {
    /** Country and accounts as this demo user's (DEMO_USERS index), in a player of its own. */
    like?: 0 | 1 | 2 | 3 | 4 | 5;
  } = {},
) {
  const { like, ...own } = options;
  if (like !== undefined) {
    const { countryCode, countryId, accounts } = DEMO_USERS[like];
    return newPlayer(server, { countryCode, countryId, accounts, ...own });
  }
  players += 1;
  // Unless told, demo.player's country (where everything is offered).
  const home = demoUser('demo.player');
  const login = `test.player.${process.pid}.${players}`;
  const password = 'Fixture-2026!';
  const userId = await transaction(server.database.db, (tx) =>
    createPlayer(
      tx,
      {
        login,
        password,
        countryCode: options.countryCode ?? home.countryCode,
        countryId: options.countryId ?? home.countryId,
        accounts: options.accounts ?? [{ currencyCode: 'USD', amount: '100.00', active: true }],
        ...(options.appToken ? { appToken: options.appToken } : {}),
      },
      DEVELOPMENT_SCRYPT_LOG2N,
    ),
  );
  if (userId === null) throw new Error(`newPlayer: ${login} exists already`);
  return { ...(await signIn(server, login, password)), login, password };
}

export type Staff = { cookie: string; role: StaffRole };

/**
 * Signs a staff member in by login and password (and their authenticator code), from an address
 * (inject's 127.0.0.1 unless given): their session's cookie.
 */
export async function staffSignInAs(
  server: TestServer,
  login: string,
  password: string,
  options: { code?: string; address?: string } = {},
): Promise<Staff> {
  const answer = await server.app.inject({
    method: 'POST',
    url: serverRoute(CONSOLE_ENDPOINTS.signIn),
    headers: XHR_HEADERS,
    payload: { login, password, ...(options.code ? { code: options.code } : {}) },
    ...(options.address ? { remoteAddress: options.address } : {}),
  });
  if (answer.statusCode !== 200) throw new Error(`staff sign-in of ${login}: ${answer.body}`);
  const cookie = String(answer.headers['set-cookie']).split(';')[0] ?? '';
  return { cookie, role: answer.json<{ role: StaffRole }>().role };
}

/** Signs a demo staff member in (with a TOTP code of `step` steps ahead for the roles that need one). */
export async function staffSignIn(server: TestServer, role: StaffRole, step = 0): Promise<Staff> {
  const member = DEMO_STAFF.find((demo) => demo.role === role);
  if (!member) throw new Error(`no demo ${role}`);
  const code = member.totpSecret
    ? await generate({ secret: member.totpSecret, epoch: Math.floor(Date.now() / 1000) + step * 30 })
    : undefined;
  return staffSignInAs(server, member.login, DEMO_STAFF_PASSWORD, code ? { code } : {});
}

/** One session per role for a test server, made when first asked (a TOTP code is good once). */
export function staffSessions(server: TestServer) {
  const sessions = new Map<StaffRole, Promise<Staff>>();
  return (role: StaffRole): Promise<Staff> => {
    const known = sessions.get(role) ?? staffSignIn(server, role);
    sessions.set(role, known);
    return known;
  };
}

/** A console call as a staff member (their cookie and X-Requested-With), or as no one. */
export const consoleCall = (
  server: TestServer,
  who: Staff | null,
  method: Endpoint['method'],
  url: string,
  options: { payload?: unknown; headers?: Record<string, string> } = {},
) =>
  server.app.inject({
    method,
    url,
    headers: { ...XHR_HEADERS, ...(who ? { cookie: who.cookie } : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });

/** An endpoint's URL: its base, its path with the params filled in, and a query (`?…`). */
export const consoleUrl = <E extends Endpoint>(entry: E, params: Record<string, string | number> = {}, query = '') =>
  `${entry.base}${endpointPath(entry, params as never)}${query}`;

/** How many entries the audit log has. */
export const auditCount = async (server: TestServer) =>
  (await server.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
