import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { type Database, isSharedDatabase } from './client.ts';
import * as schema from './schema.ts';

/**
 * A statement of the hot paths (a spin, an idempotency claim, a ledger movement): fixed text with
 * $1..$n parameters and a name, so that PostgreSQL parses and plans it once per connection.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

const named = new Map<string, string>();

/** Declares a statement; a name is one text for the whole process (PostgreSQL keys its plans by it). */
export function statement(name: string, text: string): Statement {
  const known = named.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement ${name} declared twice with different texts`);
  named.set(name, text);
  return { name, text };
}

/**
 * What work inside a transaction runs on: drizzle's query builder and `run` for declared statements,
 * both on the transaction's one connection. No nested transactions: every write a caller makes
 * belongs to the one transaction its caller opened.
 */
export type Transaction = Omit<Database, 'transaction' | 'batch' | '$client' | '$cache'> & {
  /** The rows of a declared statement (columns as the statement names them). */
  run<Row>(statement: Statement, values: readonly unknown[]): Promise<Row[]>;
};

/** Pool connections live for the process: their query builders are made once, not per transaction. */
const builders = new WeakMap<pg.PoolClient, Transaction>();

function onPoolClient(client: pg.PoolClient): Transaction {
  let tx = builders.get(client);
  if (!tx) {
    const db = drizzlePg(client, { schema }) as unknown as Database;
    tx = Object.assign(db, {
      run: async <Row>(s: Statement, values: readonly unknown[]) =>
        (await client.query<Row & pg.QueryResultRow>({ name: s.name, text: s.text, values: [...values] }))
          .rows as Row[],
    });
    builders.set(client, tx);
  }
  return tx;
}

function onPgliteTransaction(t: PgliteTransaction): Transaction {
  const db = drizzlePglite({ client: t as unknown as PGlite }) as unknown as Database;
  return Object.assign(db, {
    run: async <Row>(s: Statement, values: readonly unknown[]) => (await t.query<Row>(s.text, [...values])).rows,
  });
}

/**
 * The rows of one declared statement that commits on its own, without BEGIN and COMMIT: one round
 * trip. On PostgreSQL any pool connection runs it (prepared on it once, by name); on PGlite it
 * waits for a transaction in progress, as a transaction would.
 */
export async function runAlone<Row>(db: Database, s: Statement, values: readonly unknown[]): Promise<Row[]> {
  if (!isSharedDatabase(db)) return (await (db.$client as PGlite).query<Row>(s.text, [...values])).rows;
  const pool = db.$client as unknown as pg.Pool;
  return (await pool.query<Row & pg.QueryResultRow>({ name: s.name, text: s.text, values: [...values] })).rows;
}

/**
 * Runs `work` in one transaction: committed when it resolves, rolled back when it throws (the error
 * goes on). On PostgreSQL a pool connection is held for the whole of it; PGlite has one connection
 * and runs transactions one at a time.
 */
export async function transaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (!isSharedDatabase(db)) return (db.$client as PGlite).transaction((t) => work(onPgliteTransaction(t)));
  const connection = await (db.$client as unknown as pg.Pool).connect();
  // A checked-out connection reports its loss (a server restart, a terminated backend) as an error
  // event: kept here, it closes the connection on release instead of ending the process.
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  connection.on('error', onLost);
  const release = (failed?: Error) => {
    connection.off('error', onLost);
    connection.release(lost ?? failed);
  };
  try {
    await connection.query('begin');
  } catch (error) {
    release(error as Error);
    throw error;
  }
  try {
    const result = await work(onPoolClient(connection));
    await connection.query('commit');
    release();
    return result;
  } catch (error) {
    // A connection that cannot roll back is closed, not handed to the next transaction.
    release(
      await connection.query('rollback').then(
        () => undefined,
        (rollbackError: Error) => rollbackError,
      ),
    );
    throw error;
  }
}
