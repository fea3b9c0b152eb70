import { and, eq } from 'drizzle-orm';
import { accounts } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { convertSums, currencyDigits } from './currencies.ts';
import { type LedgerCause, moveMoney } from './ledger.ts';

const noAccount = () => httpError(409, 'The player has no account to credit', 'no_account');

/**
 * Adds cash to a player: to the account of its currency, or, when the player holds none, to the
 * active account converted at the server's rates. Never dropped: a player without an account is a
 * refusal (409 no_account) that rolls the whole take back. Each credit is a ledger entry of
 * `cause` (a wheel spin, a promo credit). Answers what was credited where.
 */
export async function creditCash(
  tx: Transaction,
  userId: number,
  amount: string,
  currencyCode: string,
  cause: LedgerCause = { kind: 'cash_credit', reference: null },
): Promise<{ amount: string; currencyCode: string }> {
  if (await moveMoney(tx, { ...cause, userId, currencyCode, amount })) return { amount, currencyCode };
  const [active] = await tx
    .select({ currencyCode: accounts.currencyCode })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.active, true)));
  if (!active) throw noAccount();
  const converted =
    convertSums([amount], currencyCode, active.currencyCode, currencyDigits(active.currencyCode)).sums[0] ?? '0';
  // By currency, not by `active`: a switch of the active account meanwhile cannot drop the credit.
  const moved = await moveMoney(tx, { ...cause, userId, currencyCode: active.currencyCode, amount: converted });
  if (!moved) throw noAccount();
  return { amount: converted, currencyCode: active.currencyCode };
}
