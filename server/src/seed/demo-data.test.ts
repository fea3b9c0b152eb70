import { CONSOLE_ENDPOINTS, serverRoute } from '@promo/contract';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { casinoGames, cmsPages, dictionaryEntries, promotions, users } from '../db/schema.ts';
import { readSettings } from '../settings.ts';
import { fastLogin, openSeededDatabase, type TestServer, testDatabaseUrl } from '../testing.ts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './demo-staff.ts';
import { DEMO_USERS } from './demo-users.ts';
import { seed } from './index.ts';

/** Issue 38 item 1: demo players (published passwords) only where asked for. */

const DEMO_LOGINS = DEMO_USERS.map((user) => user.login);
const DEMO_STAFF_LOGINS = DEMO_STAFF.map((member) => member.login);
const [player] = DEMO_USERS;
const production = readSettings({ NODE_ENV: 'production' }, { port: 9999, dataDir: 'memory://' });

async function serve(database: TestServer['database']): Promise<TestServer> {
  return { database, app: await buildApp(database.db, production, false) };
}

const appSignIn = (server: TestServer, token: string) =>
  server.app.inject({
    method: 'POST',
    url: '/web-api/api/mobile/v1/token/auth',
    headers: { 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${token}`, 'x-mobile-project-id': '285' },
  });

describe.runIf(!testDatabaseUrl)('a production start on an empty database', () => {
  let server: TestServer;
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    expect(production.seedDemo).toBe(false);
    await seed(database.db, { demo: production.seedDemo });
    server = await serve(database);
  }, 60_000);
  afterAll(async () => {
    await server.app.close();
    await server.database.close();
  });

  test('seeds the catalogue and no player: the README passwords and app tokens open nothing', async () => {
    const { db } = server.database;
    const rows = async (table: typeof promotions | typeof casinoGames | typeof cmsPages | typeof dictionaryEntries) =>
      (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    expect(await rows(promotions)).toBeGreaterThan(80);
    expect(await rows(casinoGames)).toBeGreaterThan(0);
    expect(await rows(cmsPages)).toBeGreaterThan(0);
    expect(await rows(dictionaryEntries)).toBeGreaterThan(1000);
    // No player at all: neither the demo players nor the leaderboards' rivals.
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(0);
    expect((await fastLogin(server, player.login, player.password)).statusCode).toBe(401);
    expect((await appSignIn(server, player.appToken)).statusCode).toBe(401);
    // The API still serves the promotions the frame shows.
    const listed = await server.app.inject({ url: '/web-api/external-api/promotions?lang=en' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().promotions.length).toBeGreaterThan(80);
  });
});

describe('a production start on a database kept from a demo run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serve(await openSeededDatabase());
  });
  afterAll(async () => {
    await server.app.close();
    await server.database.close();
  });

  test('closes the demo players: no sign-in by password or app token, their sessions end; their rows stay', async () => {
    expect((await appSignIn(server, player.appToken)).statusCode).toBe(200);
    const before = await fastLogin(server, player.login, player.password);
    expect(before.statusCode).toBe(200);
    const cookie = String(before.headers['set-cookie']).split(';')[0] ?? '';

    expect(await seed(server.database.db, { demo: false })).toEqual({
      revoked: [...DEMO_LOGINS, ...DEMO_STAFF_LOGINS],
    });
    expect((await fastLogin(server, player.login, player.password)).statusCode).toBe(401);
    expect((await appSignIn(server, player.appToken)).statusCode).toBe(401);
    const session = await server.app.inject({ url: '/web-api/user/gettoken', headers: { cookie } });
    const token = session.json().token as string;
    const user = await server.app.inject({
      url: '/web-api/api/internal/v1/sessions/user',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-auth': `Bearer ${token}` },
    });
    expect(user.json().user_id ?? null).toBeNull();
    const kept = await server.database.db
      .select({ login: users.login })
      .from(users)
      .where(inArray(users.login, DEMO_LOGINS));
    expect(kept).toHaveLength(DEMO_LOGINS.length);
    // The console's demo staff are disabled: their published password opens nothing.
    const staffSignIn = await server.app.inject({
      method: 'POST',
      url: serverRoute(CONSOLE_ENDPOINTS.signIn),
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { login: 'demo.editor', password: DEMO_STAFF_PASSWORD },
    });
    expect([staffSignIn.statusCode, staffSignIn.json().error]).toEqual([401, 'bad_credentials']);
    // A later start has nothing left to close.
    expect(await seed(server.database.db, { demo: false })).toEqual({ revoked: [] });
  });
});
