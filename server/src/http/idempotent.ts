import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Transaction } from '../db/transaction.ts';
import { applyOnce } from '../domain/idempotency.ts';
import { type AuthGuard, idempotencyKey } from './auth-guard.ts';

/** What claims a money-adjacent call's key: the session, the key and the hash of the body. */
export interface IdempotentCall {
  sessionId: string;
  key: string;
  requestHash: string;
}

/**
 * The claim of a signed-in, money-adjacent POST: its token (a visitor's is a 403, or a 401 when a
 * sign-in has ended it; never a claim), its Idempotency-Key and the hash of its body.
 */
export async function idempotentCall(guard: AuthGuard, request: FastifyRequest): Promise<IdempotentCall> {
  const claims = await guard.claims(request);
  if (claims.visitor) await guard.user(request);
  const key = idempotencyKey(request);
  // The body is part of the call: the same key with another body is refused, not replayed.
  const requestHash = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  return { sessionId: claims.sessionId, key, requestHash };
}

/** The answer of an idempotent call, marked as the first or a replay; never kept by a cache. */
export const sendIdempotent = (reply: FastifyReply, replayed: boolean, response: unknown) =>
  reply.header('cache-control', 'no-store').header('idempotent-replayed', String(replayed)).send(response);

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
    const call = await idempotentCall(guard, request);
    const { replayed, response } = await applyOnce(db, { ...call, scope: scope(request) }, (tx, userId) =>
      apply(tx, userId, request),
    );
    return sendIdempotent(reply, replayed, response);
  };
}
