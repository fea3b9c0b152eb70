import type { Database } from '../db/client.ts';
import { statement, type Transaction, transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';

const claimKey = statement(
  'idempotency_claim',
  `insert into idempotency_keys (user_id, key, scope, request_hash, status_code, response)
   values ($1, $2, $3, $4, 0, '{}') on conflict do nothing returning key`,
);
const storedKey = statement(
  'idempotency_stored',
  'select scope, request_hash, response from idempotency_keys where user_id = $1 and key = $2',
);
const answerKey = statement(
  'idempotency_answer',
  'update idempotency_keys set status_code = 200, response = $3 where user_id = $1 and key = $2',
);

/**
 * Runs `apply` once per (user, key): the key is claimed first in the same transaction, so a
 * concurrent repeat waits for the first and then reads its answer; a later repeat gets the stored
 * answer without applying anything. A failure rolls the claim back, so the call may be retried.
 */
export async function applyOnce<T>(
  db: Database,
  claim: { userId: number; key: string; scope: string; requestHash?: string },
  apply: (tx: Transaction) => Promise<T>,
): Promise<{ replayed: boolean; response: T }> {
  const { userId, key, scope, requestHash = null } = claim;
  return transaction(db, async (tx) => {
    const claimed = await tx.run(claimKey, [userId, key, scope, requestHash]);
    if (claimed.length === 0) {
      const [stored] = await tx.run<{ scope: string; request_hash: string | null; response: T }>(storedKey, [
        userId,
        key,
      ]);
      const otherBody = requestHash !== null && stored?.request_hash && stored.request_hash !== requestHash;
      if (!stored || stored.scope !== scope || otherBody)
        throw httpError(422, 'This Idempotency-Key was used for another call', 'key_reused');
      return { replayed: true, response: stored.response };
    }
    const response = await apply(tx);
    await tx.run(answerKey, [userId, key, JSON.stringify(response)]);
    return { replayed: false, response };
  });
}
