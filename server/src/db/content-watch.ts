import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client.ts';

/** The channel the content trigger notifies (migration 0019). */
const CHANNEL = 'content_changed';
/** Reconnect delays of a lost listening connection (PostgreSQL): doubling from 1 s up to 30 s. */
const RETRY_MS = { first: 1000, max: 30_000 };

/**
 * Tells a process when the content behind its cached answers changed (site settings, languages,
 * dictionaries), in this process or in any other on the same database: the trigger's NOTIFY,
 * heard on PGlite's own connection or on a dedicated PostgreSQL connection.
 */
export interface ContentWatch {
  /**
   * True while changes are heard. Off while the PostgreSQL listening connection is down: a cache
   * must then build every answer afresh (it would not hear that one went stale).
   */
  readonly live: boolean;
  /** Called after each committed change, and when listening stops or starts again. */
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

type Log = (error: unknown, message: string) => void;

/** Starts listening on the database behind `db` (drizzle's client: a PGlite or a pg.Pool). */
export async function watchContent(db: Database, log: Log): Promise<ContentWatch> {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const client: unknown = db.$client;
  const base = {
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  if (client instanceof PGlite) {
    const unlisten = await client.listen(CHANNEL, changed);
    return {
      ...base,
      live: true,
      async close() {
        listeners.clear();
        // A closed database has nothing left to unlisten.
        if (!client.closed) await unlisten();
      },
    };
  }
  if (!(client instanceof pg.Pool)) throw new Error('watchContent: the database is neither PGlite nor a pg.Pool');
  return listenOnPostgres(client.options, base, changed, log);
}

/**
 * A connection of its own (LISTEN holds it: not one of the pool's), reopened with backoff when
 * lost. Whenever it drops or comes back, listeners hear a change: what was cached meanwhile may
 * be stale.
 */
async function listenOnPostgres(
  options: pg.PoolConfig,
  base: Pick<ContentWatch, 'onChange'>,
  changed: () => void,
  log: Log,
): Promise<ContentWatch> {
  let live = false;
  let closed = false;
  let connection: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_MS.first;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...options, application_name: 'promo-frame content watch' });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL) changed();
    });
    const lost = (error?: unknown) => {
      if (connection !== next) return;
      connection = undefined;
      next.removeAllListeners('end');
      next.end().catch(() => undefined);
      if (closed) return;
      live = false;
      changed();
      log(error ?? new Error('connection ended'), 'content watch lost its connection; cached answers are off');
      scheduleRetry();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    connection = next;
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    live = true;
    delay = RETRY_MS.first;
    changed();
  };
  const scheduleRetry = () => {
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        connection = undefined;
        log(error, 'content watch could not reconnect');
        delay = Math.min(delay * 2, RETRY_MS.max);
        // The lost connection's own error event may have scheduled the next try already.
        if (!closed && !retry) scheduleRetry();
      });
    }, delay);
    retry.unref();
  };

  await connect();
  return {
    ...base,
    get live() {
      return live;
    },
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      const last = connection;
      connection = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
