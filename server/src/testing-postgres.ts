import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The test project's variable naming the database its tests run on: 'postgresql', else PGlite. */
export const DATABASE_ENV = 'SERVER_TEST_DATABASE';

/** The seeded database each PostgreSQL test database is copied from (test-global-setup.ts). */
export const SEEDED_TEMPLATE = 'promo_seeded_template';

/** The same server's URL naming another database. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onServer(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops (ending its sessions) and creates an empty database on the server of `url`. */
export async function recreateDatabase(url: string, name: string): Promise<void> {
  await onServer(url, [`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, `CREATE DATABASE "${name}"`]);
}

/**
 * A database of its own for one test server, copied from the seeded template in a moment, so
 * test files running side by side share no rows, counts or notifications. `drop` removes it.
 */
export async function copySeededDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `promo_test_${randomBytes(6).toString('hex')}`;
  await onServer(url, [`CREATE DATABASE "${name}" TEMPLATE "${SEEDED_TEMPLATE}"`]);
  return {
    url: withDatabaseName(url, name),
    drop: () => onServer(url, [`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]),
  };
}
