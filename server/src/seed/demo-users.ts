import { and, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mobileAppTokens, sessions, users } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { DEVELOPMENT_SCRYPT_LOG2N } from '../domain/passwords.ts';
import { createPlayer } from '../domain/players.ts';

/** Demo users (README lists them). Passwords are stored hashed; these are the clear-text ones. */
export const DEMO_USERS = [
  {
    login: 'demo.player',
    password: 'Promo-2026!',
    countryCode: 'CY',
    countryId: 57,
    appToken: 'demo-app-token-player',
    accounts: [
      { currencyCode: 'USD', amount: '1250.50', active: true },
      { currencyCode: 'EUR', amount: '80.00', active: false },
      { currencyCode: 'mBTC', amount: '3.25000000', active: false },
    ],
  },
  {
    login: 'demo.arabic',
    password: 'Promo-2026!',
    countryCode: 'AE',
    countryId: 229,
    appToken: 'demo-app-token-arabic',
    accounts: [{ currencyCode: 'USD', amount: '300.00', active: true }],
  },
  {
    // Spins and takes in the end-to-end tests use this player, so the others' balances stay put.
    login: 'demo.spinner',
    password: 'Promo-2026!',
    countryCode: 'DE',
    countryId: 81,
    appToken: 'demo-app-token-spinner',
    accounts: [{ currencyCode: 'EUR', amount: '500.00', active: true }],
  },
  {
    // From a country where tournaments are not offered (validateUserForTournaments says why).
    login: 'demo.uk',
    password: 'Promo-2026!',
    countryCode: 'GB',
    countryId: 222,
    appToken: 'demo-app-token-uk',
    accounts: [{ currencyCode: 'USD', amount: '75.00', active: true }],
  },
  {
    // Two accounts to switch between; the end-to-end switching test uses this player, so
    // demo.player's active account stays USD for the tests running beside it.
    login: 'demo.wallet',
    password: 'Promo-2026!',
    countryCode: 'CY',
    countryId: 57,
    appToken: 'demo-app-token-wallet',
    accounts: [
      { currencyCode: 'USD', amount: '40.00', active: true },
      { currencyCode: 'EUR', amount: '15.00', active: false },
    ],
  },
  {
    // The host-message tests spin the wheel as this player: a cash prize lands here, so
    // demo.wallet's balances stay what the switching test reads.
    login: 'demo.wheel',
    password: 'Promo-2026!',
    countryCode: 'CY',
    countryId: 57,
    appToken: 'demo-app-token-wheel',
    accounts: [{ currencyCode: 'USD', amount: '20.00', active: true }],
  },
] as const;

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
