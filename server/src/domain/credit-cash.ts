import { statement, type Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { convertSums, currencyDigits, RATES_PER_USD } from './currencies.ts';
import type { LedgerCause } from './ledger.ts';

export const noAccount = () => httpError(409, 'The player has no account to credit', 'no_account');

/**
 * What an amount in `currencyCode` is in every currency the server knows, rounded to its digits:
 * what the player's active account gets when the player holds no account in `currencyCode` (none
 * for an unknown `currencyCode`: the database credits 0 then).
 */
export const convertedAmounts = (amount: string, currencyCode: string): Record<string, string> =>
  Object.fromEntries(
    Object.keys(RATES_PER_USD).flatMap((to) => {
      const [converted] = convertSums([amount], currencyCode, to, currencyDigits(to)).sums;
      return converted === undefined ? [] : [[to, converted]];
    }),
  );

// One round trip (credit_cash, migration 0029): the account of the currency, else the active one.
const credit = statement(
  'credit_cash',
  'select amount, currency_code from credit_cash($1, $2, $3, $4::jsonb, $5, $6, $7::timestamptz)',
);

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
  const { kind, reference, now = new Date() } = cause;
  const [credited] = await tx.run<{ amount: string; currency_code: string }>(credit, [
    userId,
    amount,
    currencyCode,
    JSON.stringify(convertedAmounts(amount, currencyCode)),
    kind,
    reference,
    now.toISOString(),
  ]);
  if (!credited) throw noAccount();
  return { amount: credited.amount, currencyCode: credited.currency_code };
}
