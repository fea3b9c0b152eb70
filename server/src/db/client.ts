import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

/** The one set of migrations, applied to PGlite and PostgreSQL alike. */
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;

/** Whether `db` is a PostgreSQL server's, which several server processes may share (PGlite: one). */
export const isSharedDatabase = (db: Database): boolean => (db.$client as unknown) instanceof pg.Pool;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** PostgreSQL's timeouts (DB_STATEMENT_TIMEOUT_MS, DB_CONNECT_TIMEOUT_MS). */
export interface DatabaseTimeouts {
  statementMs: number;
  connectMs: number;
}

/** 30 s: far over any request's query, under a proxy's minute; 5 s to get a connection. */
export const DEFAULT_DB_TIMEOUTS: DatabaseTimeouts = { statementMs: 30_000, connectMs: 5_000 };

/**
 * Opens the database and applies migrations.
 * `databaseUrl` set: a PostgreSQL server; otherwise embedded PGlite in `dataDir` (`memory://` for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL only: how long a statement may run before the server cancels it, and how long the
   * pool waits for a connection, in ms (settings' database timeouts; defaults DEFAULT_DB_TIMEOUTS).
   */
  timeouts?: DatabaseTimeouts;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const timeouts = options.timeouts ?? DEFAULT_DB_TIMEOUTS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A query the database takes too long over fails (57014) instead of holding its connection
      // and its request; a database that does not answer fails the request instead of queueing it.
      statement_timeout: timeouts.statementMs,
      connectionTimeoutMillis: timeouts.connectMs,
    });
    // An idle connection the server ends (a restart, an administrator) is dropped from the pool and
    // the next query opens another; without a listener the error event would end the process.
    pool.on('error', (error) => {
      process.stderr.write(`database: an idle connection was lost (${error.message})\n`);
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    // Both drivers expose the same query builder; the PGlite type stands for both.
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  // PGlite creates only the last folder of its path; a fresh clone has none of them.
  const onDisk = !options.dataDir.includes('://');
  if (onDisk) mkdirSync(options.dataDir, { recursive: true });
  // One writer per data directory: a second server would lose the first one's writes.
  const release = onDisk ? lockDataDir(options.dataDir) : () => {};
  try {
    const client = new PGlite(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
