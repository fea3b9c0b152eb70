import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { seed } from '../seed/index.ts';
import { openSeededDatabase, testDatabaseUrl } from '../testing.ts';
import { openDatabase } from './client.ts';
import { languages } from './schema.ts';

const root = mkdtempSync(path.join(tmpdir(), 'promo-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('an on-disk database is created in a folder that does not exist yet and survives a restart', async () => {
  const dataDir = path.join(root, 'nested', 'deeper', 'pglite');
  const first = await openDatabase({ dataDir });
  await seed(first.db, { demo: true });
  await first.close();

  const second = await openDatabase({ dataDir });
  expect((await second.db.select().from(languages)).map((l) => l.code).sort()).toEqual(['ar', 'en', 'ru']);
  await second.close();
});

test('PostgreSQL: a database that accepts the connection and never answers fails the open within the connect timeout', async () => {
  // A listener that takes the TCP connection and says nothing, as a hung database would.
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  const started = performance.now();
  try {
    await expect(
      openDatabase({
        databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`,
        dataDir: '',
        timeouts: { statementMs: 1000, connectMs: 300 },
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/timeout/i) } });
    // Bounded by the setting, not by the operating system's minutes.
    expect(performance.now() - started).toBeLessThan(10_000);
  } finally {
    silent.close();
  }
});

test.runIf(testDatabaseUrl)('PostgreSQL: a statement past the statement timeout is cancelled (57014)', async () => {
  const database = await openSeededDatabase();
  const short = await openDatabase({
    databaseUrl: database.url,
    dataDir: '',
    timeouts: { statementMs: 200, connectMs: 5000 },
  });
  try {
    await expect(short.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({ cause: { code: '57014' } });
    // The connection is not lost with it: the next statement runs.
    expect((await short.db.select().from(languages)).length).toBe(3);
  } finally {
    await short.close();
    await database.close();
  }
});
