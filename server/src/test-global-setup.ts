import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type PostgresServer, startPostgres } from '../../scripts/postgres.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed/index.ts';
import { DATABASE_ENV, recreateDatabase, SEEDED_TEMPLATE, withDatabaseName } from './testing-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated and seeded PGlite data directory, made once for the whole run. */
    seededDataDir: string;
    /**
     * The PostgreSQL server the project's tests run on (the server-postgres project): the one
     * TEST_DATABASE_URL names, else one started here on loopback for the run. Empty on PGlite.
     */
    postgresUrl: string;
  }
}

/**
 * Migrates and seeds one embedded database for the run and dumps it to a file (and, with
 * TEST_DATABASE_URL, one PostgreSQL template database): every test server
 * starts from a copy of it (~0.4 s here) instead of creating, migrating and seeding its own
 * (~2.5 s, a dozen times per run).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'promo-seeded-'));
  const file = path.join(folder, 'pglite.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await seed(database.db);
    const dump = await database.db.$client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('seededDataDir', file);
  // The server-postgres project runs the whole suite on PostgreSQL: the server TEST_DATABASE_URL
  // names, or a temporary one on loopback (Debian's package, installed when missing).
  let started: PostgresServer | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env?.[DATABASE_ENV] === 'postgresql' && !serverUrl) {
    started = await startPostgres();
    serverUrl = started.url;
  }
  project.provide('postgresUrl', serverUrl ?? '');
  // On PostgreSQL: one seeded database, the template every test database is copied from.
  if (serverUrl) {
    await recreateDatabase(serverUrl, SEEDED_TEMPLATE);
    const template = await openDatabase({ databaseUrl: withDatabaseName(serverUrl, SEEDED_TEMPLATE), dataDir: '' });
    try {
      await seed(template.db);
    } finally {
      await template.close();
    }
  }
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await started?.stop();
  };
}
