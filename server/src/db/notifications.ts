import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { z } from 'zod';
import type { Database } from './client.ts';

/**
 * The channels server processes tell each other on (PostgreSQL NOTIFY):
 * - content_changed: the content triggers (migrations 0019, 0021, 0022, 0030), after a content
 *   write: the new version, or JSON naming the promotions written (content-watch.ts);
 * - standings: a tournament's standings changed (live leaderboard pushes);
 * - login_throttle: a sign-in failed or succeeded (the password-guessing counts).
 */
export const CHANNELS = ['content_changed', 'standings', 'login_throttle'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Reconnect delays of a lost listening connection (PostgreSQL): doubling from 1 s up to 30 s. */
const RETRY_MS = { first: 1000, max: 30_000 };

/**
 * What every server process on one database hears: a notification sent by any of them (itself
 * included) or by the database's triggers, delivered when the sending transaction commits.
 */
export interface Notifications {
  /**
   * True while notifications are heard. Off while the PostgreSQL listening connection is down:
   * whatever a process keeps on the strength of them (cached answers) must not be kept meanwhile.
   */
  readonly live: boolean;
  listen(channel: Channel, listener: (payload: string) => void): () => void;
  /** Called whenever `live` changes (what was kept across the gap may be stale). */
  onLiveChange(listener: () => void): () => void;
  notify(channel: Channel, payload: string): Promise<void>;
  close(): Promise<void>;
}

type Log = (error: unknown, message: string) => void;

/** Listens on the database behind `db` (drizzle's client: a PGlite or a pg.Pool). */
export async function openNotifications(db: Database, log: Log): Promise<Notifications> {
  const listeners = new Map<string, Set<(payload: string) => void>>(CHANNELS.map((c) => [c, new Set()]));
  const liveListeners = new Set<() => void>();
  const deliver = (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        log(error, `a ${channel} listener failed`);
      }
    }
  };
  const base = {
    listen(channel: Channel, listener: (payload: string) => void) {
      listeners.get(channel)?.add(listener);
      return () => {
        listeners.get(channel)?.delete(listener);
      };
    },
    onLiveChange(listener: () => void) {
      liveListeners.add(listener);
      return () => {
        liveListeners.delete(listener);
      };
    },
    async notify(channel: Channel, payload: string) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
  };
  const client: unknown = db.$client;
  if (client instanceof PGlite) {
    const stops = await Promise.all(
      CHANNELS.map((channel) => client.listen(channel, (payload) => deliver(channel, payload))),
    );
    return {
      ...base,
      live: true,
      async close() {
        listeners.clear();
        // A closed database has nothing left to unlisten.
        if (!client.closed) await Promise.all(stops.map((stop) => stop()));
      },
    };
  }
  if (!(client instanceof pg.Pool)) throw new Error('openNotifications: the database is neither PGlite nor a pg.Pool');
  const liveChanged = () => {
    for (const listener of liveListeners) listener();
  };
  return listenOnPostgres(client.options, base, deliver, liveChanged, log);
}

/**
 * A connection of its own (LISTEN holds it: not one of the pool's), reopened with backoff when
 * lost.
 */
async function listenOnPostgres(
  options: pg.PoolConfig,
  base: Omit<Notifications, 'live' | 'close'>,
  deliver: (channel: string, payload: string) => void,
  liveChanged: () => void,
  log: Log,
): Promise<Notifications> {
  let live = false;
  let closed = false;
  let connection: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_MS.first;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...options, application_name: 'promo-frame notifications' });
    next.on('notification', (message) => deliver(message.channel, message.payload ?? ''));
    const lost = (error?: unknown) => {
      if (connection !== next) return;
      connection = undefined;
      next.removeAllListeners('end');
      next.end().catch(() => undefined);
      if (closed) return;
      live = false;
      liveChanged();
      log(error ?? new Error('connection ended'), 'notifications: listening connection lost');
      scheduleRetry();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    connection = next;
    await next.connect();
    await next.query(CHANNELS.map((channel) => `LISTEN ${channel};`).join(' '));
    if (closed) {
      await next.end();
      return;
    }
    live = true;
    delay = RETRY_MS.first;
    liveChanged();
  };
  const scheduleRetry = () => {
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        connection = undefined;
        log(error, 'notifications: could not reconnect');
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

/** A notification's JSON payload read by its schema; undefined when it is not one. */
export function readPayload<S extends z.ZodType>(schema: S, payload: string): z.infer<S> | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
