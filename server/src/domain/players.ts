import { mobileAppTokens, users } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { openAccounts } from './ledger.ts';
import { hashPassword, PRODUCTION_SCRYPT_LOG2N } from './passwords.ts';
import { hashAppToken } from './users.ts';

/** A player to create: sign-in, country, accounts with opening balances, and an optional app token. */
export interface NewPlayer {
  login: string;
  password: string;
  countryCode: string;
  countryId: number;
  accounts: ReadonlyArray<{ currencyCode: string; amount: string; active: boolean }>;
  appToken?: string;
}

/**
 * Creates a player with its accounts (each opened in the ledger) and app token, in the caller's
 * transaction, its password hashed at 2^log2N (the server's cost). Null when the login is taken
 * (nothing is written); an app token another player holds is a 409 login_taken that rolls the
 * transaction back.
 */
export async function createPlayer(
  tx: Transaction,
  player: NewPlayer,
  log2N: number = PRODUCTION_SCRYPT_LOG2N,
): Promise<number | null> {
  const [user] = await tx
    .insert(users)
    .values({
      login: player.login,
      passwordHash: await hashPassword(player.password, log2N),
      countryCode: player.countryCode,
      countryId: player.countryId,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return null;
  await openAccounts(
    tx,
    player.accounts.map((account) => ({ ...account, userId: user.id })),
  );
  if (player.appToken) {
    const [token] = await tx
      .insert(mobileAppTokens)
      .values({ tokenHash: hashAppToken(player.appToken), userId: user.id })
      .onConflictDoNothing()
      .returning({ userId: mobileAppTokens.userId });
    // Another player's token: the throw rolls the whole player back.
    if (!token) throw httpError(409, 'That login or app token is taken', 'login_taken');
  }
  return user.id;
}
