import { and, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mobileAppTokens, sessions, users } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { DEVELOPMENT_SCRYPT_LOG2N } from '../domain/passwords.ts';
import { createPlayer } from '../domain/players.ts';
import { DEMO_USERS } from './demo-players.ts';

/** The demo players are defined in demo-players.ts (pure data); the seed writes them. */
export { DEMO_USERS } from './demo-players.ts';

/**
 * Creates the demo users once. Existing ones are left as they are: their balances and any
 * password an operator set survive restarts.
 */
export async function seedDemoUsers(db: Database): Promise<void> {
  const logins = DEMO_USERS.map((user) => user.login);
  const existing = new Set(
    (await db.select({ login: users.login }).from(users).where(inArray(users.login, logins))).map((row) => row.login),
  );
  for (const demo of DEMO_USERS) {
    // Null: another instance seeded it a moment ago.
    // Their passwords are published: the development cost; a production start with demo data
    // raises each at its first sign-in (PasswordPolicy.needsRehash).
    if (!existing.has(demo.login)) await transaction(db, (tx) => createPlayer(tx, demo, DEVELOPMENT_SCRYPT_LOG2N));
  }
}

/** The stored hash of a player who cannot sign in: no password matches it (verifyPassword). */
export const NOT_A_PASSWORD = 'disabled';

/**
 * A server started without demo data (production) on a database kept from a demo run: the demo
 * players still there can no longer sign in with the published passwords, their app tokens and
 * sessions are revoked. Their rows and histories stay (the ledger keeps its entries).
 * Returns the logins it closed (none on later starts).
 */
export async function revokeDemoPlayers(db: Database): Promise<string[]> {
  const logins = DEMO_USERS.map((user) => user.login);
  return transaction(db, async (tx) => {
    const closed = await tx
      .update(users)
      .set({ passwordHash: NOT_A_PASSWORD })
      .where(and(inArray(users.login, logins), ne(users.passwordHash, NOT_A_PASSWORD)))
      .returning({ id: users.id, login: users.login });
    const ids = (await tx.select({ id: users.id }).from(users).where(inArray(users.login, logins))).map(
      (row) => row.id,
    );
    if (ids.length > 0) {
      await tx
        .update(mobileAppTokens)
        .set({ revokedAt: new Date() })
        .where(and(inArray(mobileAppTokens.userId, ids), isNull(mobileAppTokens.revokedAt)));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt)));
    }
    return closed.map((row) => row.login);
  });
}
