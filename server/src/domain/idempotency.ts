import type { Database } from '../db/client.ts';
import { statement, type Transaction, transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { isSessionId, sessionInvalid } from './sessions.ts';

/**
 * The session's player claims the key, in one statement (idempotency_claim, migration 0029): no row
 * when the session is not live (signed out, expired; its token may still be unexpired), else its
 * player and whether the key was free. The session is checked here, in the transaction, instead of
 * by one more query before it.
 */
const claimKey = statement('idempotency_claim', 'select user_id, claimed from idempotency_claim($1::uuid, $2, $3, $4)');
const storedKey = statement(
  'idempotency_stored',
  'select scope, request_hash, response from idempotency_keys where user_id = $1 and key = $2',
);
const answerKey = statement(
  'idempotency_answer',
  'update idempotency_keys set status_code = 200, response = $3 where user_id = $1 and key = $2',
);

/** A key sent again with another call or another body. */
export const keyReused = () => httpError(422, 'This Idempotency-Key was used for another call', 'key_reused');

/**
 * Runs `apply` once per (user, key) for the signed-in player of session `sessionId`: the key is
 * claimed first in the same transaction, so a concurrent repeat waits for the first and then reads
 * its answer; a later repeat gets the stored answer without applying anything. A failure rolls the
 * claim back, so the call may be retried. A session that is not live is a 401, with nothing written.
 */
export async function applyOnce<T>(
  db: Database,
  claim: { sessionId: string; key: string; scope: string; requestHash?: string },
  apply: (tx: Transaction, userId: number) => Promise<T>,
): Promise<{ replayed: boolean; response: T }> {
  const { sessionId, key, scope, requestHash = null } = claim;
  if (!isSessionId(sessionId)) throw sessionInvalid();
  return transaction(db, async (tx) => {
    const [session] = await tx.run<{ user_id: number; claimed: boolean }>(claimKey, [
      sessionId,
      key,
      scope,
      requestHash,
    ]);
    if (!session) throw sessionInvalid();
    const userId = session.user_id;
    if (!session.claimed) {
      const [stored] = await tx.run<{ scope: string; request_hash: string | null; response: T }>(storedKey, [
        userId,
        key,
      ]);
      const otherBody = requestHash !== null && stored?.request_hash && stored.request_hash !== requestHash;
      if (!stored || stored.scope !== scope || otherBody) throw keyReused();
      return { replayed: true, response: stored.response };
    }
    const response = await apply(tx, userId);
    await tx.run(answerKey, [userId, key, JSON.stringify(response)]);
    return { replayed: false, response };
  });
}
