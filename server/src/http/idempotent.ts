import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Transaction } from '../db/transaction.ts';
import { applyOnce } from '../domain/idempotency.ts';
import { type AuthGuard, idempotencyKey } from './auth-guard.ts';

/**
 * A signed-in, money-adjacent POST (spin, take, participation, choice): it needs an
 * Idempotency-Key, applies once per key inside one transaction, and a repeat gets the first answer
 * (marked by the Idempotent-Replayed header).
 */
export function idempotentHandler<R extends FastifyRequest, T>(
  db: Database,
  guard: AuthGuard,
  scope: (request: R) => string,
  apply: (tx: Transaction, userId: number, request: R) => Promise<T>,
) {
  return async (request: R, reply: FastifyReply) => {
    const claims = await guard.claims(request);
    // A visitor's token: 403 (sign in), or 401 when a sign-in has ended it; never a claim.
    if (claims.visitor) await guard.user(request);
    const key = idempotencyKey(request);
    // The body is part of the call: the same key with another body is refused, not replayed.
    const requestHash = createHash('sha256')
      .update(JSON.stringify(request.body ?? null))
      .digest('hex');
    const { replayed, response } = await applyOnce(
      db,
      { sessionId: claims.sessionId, key, scope: scope(request), requestHash },
      (tx, userId) => apply(tx, userId, request),
    );
    return reply.header('cache-control', 'no-store').header('idempotent-replayed', String(replayed)).send(response);
  };
}
