import type { Database } from '../db/client.ts';
import { statement, type Transaction, transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { isSessionId, LIVE_SESSION, sessionInvalid } from './sessions.ts';

/**
 * The session's player claims the key, in one statement: no row when the session is not live
 * (signed out, expired; its token may still be unexpired), else its player and whether the key was
 * free. The session is checked here, in the transaction, instead of by one more query before it.
 */
const claimKey = statement(
  'idempotency_claim',
  `with session as (
     select user_id from sessions where id = $1::uuid and user_id is not null and ${LIVE_SESSION}
   ), claimed as (
     insert into idempotency_keys (user_id, key, scope, request_hash, status_code, response)
     select user_id, $2, $3, $4, 0, '{}' from session
     on conflict do nothing returning key
   )
   select session.user_id, (select count(*) from claimed)::int as claimed from session`,
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
    const [session] = await tx.run<{ user_id: number; claimed: number }>(claimKey, [
      sessionId,
      key,
      scope,
      requestHash,
    ]);
    if (!session) throw sessionInvalid();
    const userId = session.user_id;
    if (session.claimed === 0) {
      const [stored] = await tx.run<{ scope: string; request_hash: string | null; response: T }>(storedKey, [
        userId,
        key,
      ]);
      const otherBody = requestHash !== null && stored?.request_hash && stored.request_hash !== requestHash;
      if (!stored || stored.scope !== scope || otherBody)
        throw httpError(422, 'This Idempotency-Key was used for another call', 'key_reused');
      return { replayed: true, response: stored.response };
    }
    const response = await apply(tx, userId);
    await tx.run(answerKey, [userId, key, JSON.stringify(response)]);
    return { replayed: false, response };
  });
}
