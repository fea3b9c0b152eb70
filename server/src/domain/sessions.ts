import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';

export interface Session {
  id: string;
  userId: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Site sessions: started anonymous by gettoken, replaced on sign-in, revoked on disconnect. */
export interface SessionService {
  /** A live session (not revoked, not expired), or null; malformed ids are simply unknown. */
  find(id: string): Promise<Session | null>;
  /** Starts a session; when it replaces one (sign-in), the old one is revoked in the same step. */
  start(userId: number | null, replacing?: string): Promise<Session>;
  /** Moves the expiry forward (sliding sessions). */
  touch(id: string): Promise<void>;
  revoke(id: string): Promise<void>;
}

export function createSessionService(db: Database, ttlSeconds: number): SessionService {
  const expiry = () => new Date(Date.now() + ttlSeconds * 1000);
  return {
    async find(id) {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select({ id: sessions.id, userId: sessions.userId })
        .from(sessions)
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      return row ?? null;
    },
    start(userId, replacing) {
      return db.transaction(async (tx) => {
        if (replacing && UUID.test(replacing)) {
          await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, replacing));
        }
        const [row] = await tx
          .insert(sessions)
          .values({ userId, expiresAt: expiry() })
          .returning({ id: sessions.id, userId: sessions.userId });
        if (!row) throw new Error('session insert returned no row');
        return row;
      });
    },
    async touch(id) {
      await db.update(sessions).set({ expiresAt: expiry() }).where(eq(sessions.id, id));
    },
    async revoke(id) {
      if (!UUID.test(id)) return;
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
    },
  };
}
