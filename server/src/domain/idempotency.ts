import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { httpError } from '../http-error.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ ...claim, statusCode: 0, response: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
      const otherBody =
        claim.requestHash !== undefined && stored?.requestHash && stored.requestHash !== claim.requestHash;
      if (!stored || stored.scope !== claim.scope || otherBody)
        throw httpError(422, 'This Idempotency-Key was used for another call', 'key_reused');
      return { replayed: true, response: stored.response as T };
    }
    const response = await apply(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: 200, response: response as object })
      .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
    return { replayed: false, response };
  });
}
