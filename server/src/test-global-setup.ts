import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type PostgresServer, startPostgres } from '../../scripts/postgres.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './seed/index.ts';
import { DATABASE_ENV, recreateDatabase, SEEDED_TEMPLATE, withDatabaseName } from './testing-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A dump of a migrated and seeded PGlite data directory, made once for the run of the server
     * project. Empty in server-postgres.
     */
    seededDataDir: string;
    /**
     * The PostgreSQL server the project's tests run on (the server-postgres project): the one
     * TEST_DATABASE_URL names, else one started here on loopback for the run. Empty on PGlite.
     */
    postgresUrl: string;
  }
}

/**
 * Migrates and seeds one database for the project's run, which every test server starts from a
 * copy of (~0.4 s here) instead of creating, migrating and seeding its own (~2.5 s, a dozen times
 * per run): in the server project a PGlite data directory dumped to a file, in server-postgres a
 * template database on the PostgreSQL server. Each project seeds only its own database, so the two
 * never recreate the same template at once on a server TEST_DATABASE_URL names.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.[DATABASE_ENV] !== 'postgresql') {
    const folder = mkdtempSync(path.join(tmpdir(), 'promo-seeded-'));
    const file = path.join(folder, 'pglite.tar');
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await seed(database.db, { demo: true });
      const dump = await database.db.$client.dumpDataDir('none');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide('seededDataDir', file);
    project.provide('postgresUrl', '');
    return async () => rmSync(folder, { recursive: true, force: true });
  }
  // The server TEST_DATABASE_URL names, or a temporary one on loopback (Debian's package,
  // installed when missing).
  const started: PostgresServer | undefined = process.env.TEST_DATABASE_URL ? undefined : await startPostgres();
  const serverUrl = process.env.TEST_DATABASE_URL ?? started?.url ?? '';
  try {
    await recreateDatabase(serverUrl, SEEDED_TEMPLATE);
    const template = await openDatabase({ databaseUrl: withDatabaseName(serverUrl, SEEDED_TEMPLATE), dataDir: '' });
    try {
      await seed(template.db, { demo: true });
    } finally {
      await template.close();
    }
  } catch (error) {
    await started?.stop();
    throw error;
  }
  project.provide('seededDataDir', '');
  project.provide('postgresUrl', serverUrl);
  return async () => {
    await started?.stop();
  };
}
