import type { LedgerKind } from '@promo/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, ledgerEntries } from '../db/schema.ts';
import { statement, type Transaction } from '../db/transaction.ts';

/** Why money moves: the entry's kind and the id of what caused it (unique per kind, player and currency). */
export interface LedgerCause {
  kind: LedgerKind;
  reference: string | null;
  now?: Date;
}

export interface Movement extends LedgerCause {
  userId: number;
  currencyCode: string;
  /** A signed decimal string: a credit is positive, a debit negative. */
  amount: string;
  /** Only while the account is the player's active one (a purchase pays from the chosen account). */
  activeOnly?: boolean;
}

export interface Moved {
  accountId: number;
  entryId: number;
  /** The account's balance after the movement, as the database keeps it ("37.50000000"). */
  balanceAfter: string;
}

// One round trip (ledger_move, migration 0029): the entry is inserted from the UPDATE's RETURNING
// (no row when nothing matched). A debit ($3 < 0) matches only while the balance covers it; $4: only
// the player's active account. The wheel's spin credits through the same function in the database.
const move = statement(
  'ledger_move',
  `select account_id, entry_id::text as entry_id, balance_after::text as balance_after
   from ledger_move($1, $2, $3::numeric, $4::boolean, $5, $6, $7::timestamptz)`,
);

/**
 * Moves money on the player's account in `currencyCode` inside the caller's transaction: one
 * UPDATE ... RETURNING changes the balance (holding the row until the transaction ends, so
 * concurrent movements queue up) and the ledger entry records the signed amount and the balance it
 * left. A debit never overdraws: the UPDATE matches only while the balance covers it. Null, with
 * nothing written, when no account matched (none in that currency, not the active one when
 * `activeOnly`, or a debit larger than the balance); the caller answers with its own error code.
 * The same cause twice (kind, reference, player, currency) fails on the ledger's unique index.
 */
export async function moveMoney(tx: Transaction, movement: Movement): Promise<Moved | null> {
  const { userId, currencyCode, amount, kind, reference, now = new Date() } = movement;
  const [moved] = await tx.run<{ account_id: number; entry_id: string; balance_after: string }>(move, [
    userId,
    currencyCode,
    amount,
    movement.activeOnly === true,
    kind,
    reference,
    now.toISOString(),
  ]);
  if (!moved) return null;
  return { accountId: Number(moved.account_id), entryId: Number(moved.entry_id), balanceAfter: moved.balance_after };
}

/**
 * Opens accounts with their balances, each with its `opening` entry (reference: the account's id).
 * An account the player already holds in that currency is left as it is.
 */
export async function openAccounts(
  tx: Transaction,
  rows: ReadonlyArray<{ userId: number; currencyCode: string; amount: string; active: boolean }>,
  now = new Date(),
): Promise<void> {
  if (rows.length === 0) return;
  const opened = await tx
    .insert(accounts)
    .values([...rows])
    .onConflictDoNothing()
    .returning();
  if (opened.length === 0) return;
  await tx.insert(ledgerEntries).values(
    opened.map((account) => ({
      userId: account.userId,
      currencyCode: account.currencyCode,
      amount: account.amount,
      balanceAfter: account.amount,
      kind: 'opening' satisfies LedgerKind,
      reference: String(account.id),
      createdAt: now,
    })),
  );
}

/** An account whose balance is not what its ledger says. */
export interface LedgerMismatch {
  /** Null for entries of a player and currency without an account. */
  accountId: number | null;
  userId: number;
  currencyCode: string;
  /** The account's balance (null without an account). */
  balance: string | null;
  /** The sum of the account's entries. */
  ledger: string;
  entries: number;
  /** The first entry whose balance_after is not the running sum of the entries up to it, if any. */
  brokenEntryId: number | null;
}

/**
 * The ledger check: every account whose balance differs from the sum of its entries, entries of a
 * player and currency that has no account, and the first entry of each account where the chain of
 * balance_after values breaks. Empty when the ledger explains every balance.
 */
export async function ledgerMismatches(
  db: Database | Transaction,
): Promise<{ accounts: number; mismatches: LedgerMismatch[] }> {
  const result = await db.execute<{
    account_id: number | null;
    user_id: number;
    currency_code: string;
    balance: string | null;
    ledger: string;
    // bigint: a string or a BigInt, by driver.
    entries: string | bigint;
    broken_entry_id: string | bigint | null;
  }>(sql`
    with running as (
      select user_id, currency_code, id, amount, balance_after,
        sum(amount) over (partition by user_id, currency_code order by id) as running
      from ${ledgerEntries}
    ), totals as (
      select user_id, currency_code, sum(amount) as total, count(*) as entries,
        min(id) filter (where balance_after <> running) as broken_at
      from running
      group by user_id, currency_code
    )
    select a.id as account_id,
      coalesce(a.user_id, t.user_id) as user_id,
      coalesce(a.currency_code, t.currency_code) as currency_code,
      a.amount::text as balance,
      coalesce(t.total, 0)::text as ledger,
      coalesce(t.entries, 0) as entries,
      t.broken_at as broken_entry_id
    from ${accounts} a
    full join totals t on t.user_id = a.user_id and t.currency_code = a.currency_code
    where a.id is null or a.amount <> coalesce(t.total, 0) or t.broken_at is not null
    order by 2, 3
  `);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return {
    accounts: Number(counted?.n ?? 0),
    mismatches: result.rows.map((row) => ({
      accountId: row.account_id === null ? null : Number(row.account_id),
      userId: Number(row.user_id),
      currencyCode: row.currency_code,
      balance: row.balance,
      ledger: row.ledger,
      entries: Number(row.entries),
      brokenEntryId: row.broken_entry_id === null ? null : Number(row.broken_entry_id),
    })),
  };
}
