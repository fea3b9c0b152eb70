import { createHash } from 'node:crypto';
import type { Account } from '@promo/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, mobileAppTokens, users } from '../db/schema.ts';
import { type PasswordPolicy, verifyPassword } from './passwords.ts';

export interface User {
  id: number;
  login: string;
  countryCode: string;
  countryId: number;
}

const userColumns = { id: users.id, login: users.login, countryCode: users.countryCode, countryId: users.countryId };

/** SHA-256 of a mobile app token: tokens are long random strings, so no slow hash is needed. */
export const hashAppToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The user whose password matches, or null (unknown login and wrong password look the same). A
 * matching hash made with less than the server's cost is made again at its cost (issue 38).
 */
export async function findUserByCredentials(
  db: Database,
  login: string,
  password: string,
  passwords: PasswordPolicy,
): Promise<User | null> {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.login, login));
  // An unknown login costs what a wrong password costs (one lookup, one hash): the time of the
  // answer does not tell which logins exist.
  if (!row) return passwords.verifyNoPassword(password).then(() => null);
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  const { passwordHash, ...user } = row;
  if (passwords.needsRehash(passwordHash)) {
    // Only over the hash just checked: a password changed meanwhile is not overwritten.
    const raised = await passwords.hash(password);
    await db
      .update(users)
      .set({ passwordHash: raised })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, passwordHash)));
  }
  return user;
}

/** The user of a live mobile app token, or null. */
export async function findUserByAppToken(db: Database, token: string): Promise<User | null> {
  const [row] = await db
    .select(userColumns)
    .from(mobileAppTokens)
    .innerJoin(users, eq(users.id, mobileAppTokens.userId))
    .where(and(eq(mobileAppTokens.tokenHash, hashAppToken(token)), isNull(mobileAppTokens.revokedAt)));
  return row ?? null;
}

export async function findUser(db: Database, id: number): Promise<User | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Every account of the user, oldest first. */
export function listAccounts(db: Database, userId: number): Promise<Account[]> {
  return db
    .select({ id: accounts.id, currencyCode: accounts.currencyCode, amount: accounts.amount, active: accounts.active })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.id));
}

/**
 * Makes one of the user's accounts the active one (and only that one) in one statement.
 * False when the account is not the user's, so nobody can touch another user's accounts.
 */
export async function setActiveAccount(db: Database, userId: number, accountId: number): Promise<boolean> {
  const [owned] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId)));
  if (!owned) return false;
  await db
    .update(accounts)
    .set({ active: sql`${accounts.id} = ${accountId}` })
    .where(eq(accounts.userId, userId));
  return true;
}
