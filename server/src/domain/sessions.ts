import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';

export interface Session {
  id: string;
  userId: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name a session at all (anything else is simply unknown). */
export const isSessionId = (id: string): boolean => UUID.test(id);

/**
 * What makes a session row live, in SQL: the database's one definition (session_live, migration
 * 0029), which the money calls' key claim asks too.
 */
const LIVE_SESSION = 'session_live(revoked_at, expires_at)';

/** A token that names no live session: 401, and the client gets a new token (or signs in again). */
export const sessionInvalid = () => httpError(401, 'Session token missing, invalid or expired', 'session_invalid');

/**
 * Site sessions. A visitor's session is only an id (in the cookie and the visitor tokens): no row
 * is written for it, so gettoken without a cookie costs nothing to store. A signed-in session is a
 * row, started by sign-in and revoked by sign-out; signing in also records the visitor id it
 * replaces as revoked, so the visitor's tokens stop working at once (decision 005).
 */
export interface SessionService {
  /**
   * The live session a token names: its row when that is neither revoked nor expired; for a
   * visitor token, the visitor when its id has no row. Malformed ids are simply unknown.
   */
  find(id: string, visitor?: boolean): Promise<Session | null>;
  /**
   * The session a site cookie names, for gettoken: its live row (expiry moved forward), the visitor
   * it names, or a new visitor when it names none or a session that ended. Writes no visitor rows.
   */
  resume(cookie: string): Promise<Session>;
  /** Starts a signed-in session; the session or visitor it replaces is revoked in the same step. */
  start(userId: number, replacing?: string): Promise<Session>;
  revoke(id: string): Promise<void>;
}

export function createSessionService(db: Database, ttlSeconds: number): SessionService {
  const expiry = () => new Date(Date.now() + ttlSeconds * 1000);
  /**
   * The row of an id, live or not, or undefined when there is none. Every API call asks this:
   * a prepared statement, built once and planned once per connection.
   */
  const byId = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      live: sql<boolean>`${sql.raw(LIVE_SESSION)}`,
    })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_by_id');
  const row = async (id: string) => (await byId.execute({ id }))[0];
  return {
    async find(id, visitor = false) {
      if (!isSessionId(id)) return null;
      const found = await row(id);
      if (!found) return visitor ? { id, userId: null } : null;
      return found.live ? { id: found.id, userId: found.userId } : null;
    },
    async resume(cookie) {
      if (isSessionId(cookie)) {
        const found = await row(cookie);
        if (!found) return { id: cookie.toLowerCase(), userId: null };
        if (found.live) {
          await db.update(sessions).set({ expiresAt: expiry() }).where(eq(sessions.id, found.id));
          return { id: found.id, userId: found.userId };
        }
      }
      return { id: randomUUID(), userId: null };
    },
    start(userId, replacing) {
      return transaction(db, async (tx) => {
        if (replacing && isSessionId(replacing)) {
          // A visitor id has no row yet: it gets one, revoked, that outlives its tokens.
          await tx
            .insert(sessions)
            .values({ id: replacing, userId: null, expiresAt: expiry(), revokedAt: new Date() })
            .onConflictDoUpdate({
              target: sessions.id,
              set: { revokedAt: sql`coalesce(${sessions.revokedAt}, now())` },
            });
        }
        const [started] = await tx
          .insert(sessions)
          .values({ userId, expiresAt: expiry() })
          .returning({ id: sessions.id, userId: sessions.userId });
        if (!started) throw new Error('session insert returned no row');
        return started;
      });
    },
    async revoke(id) {
      if (!isSessionId(id)) return;
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
    },
  };
}
