import { and, eq, sql } from 'drizzle-orm';
import { accounts } from '../db/schema.ts';
import { httpError } from '../http-error.ts';
import { convertSums, currencyDigits } from './currencies.ts';
import type { Transaction } from './idempotency.ts';

/**
 * Adds cash to a player: to the account of its currency, or, when the player holds none, to the
 * active account converted at the server's rates. Never dropped: a player without an account is a
 * refusal (409 no_account) that rolls the whole take back. Answers what was credited where.
 */
export async function creditCash(
  tx: Transaction,
  userId: number,
  amount: string,
  currencyCode: string,
): Promise<{ amount: string; currencyCode: string }> {
  const [same] = await tx
    .update(accounts)
    .set({ amount: sql`${accounts.amount} + ${amount}` })
    .where(and(eq(accounts.userId, userId), eq(accounts.currencyCode, currencyCode)))
    .returning({ id: accounts.id });
  if (same) return { amount, currencyCode };
  const [active] = await tx
    .select({ currencyCode: accounts.currencyCode })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.active, true)));
  if (!active) throw httpError(409, 'The player has no account to credit', 'no_account');
  const converted =
    convertSums([amount], currencyCode, active.currencyCode, currencyDigits(active.currencyCode)).sums[0] ?? '0';
  await tx
    .update(accounts)
    .set({ amount: sql`${accounts.amount} + ${converted}` })
    .where(and(eq(accounts.userId, userId), eq(accounts.active, true)));
  return { amount: converted, currencyCode: active.currencyCode };
}
