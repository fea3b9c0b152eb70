import { createHash } from 'node:crypto';
import { SUPPORT_ENDPOINTS } from '@promo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { type Claim, decideAdjustment, listAdjustments, requestAdjustment } from '../domain/adjustments.ts';
import { playerView, revealPlayer, searchPlayers } from '../domain/support.ts';
import { idempotencyKey } from '../http/auth-guard.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import { sendIdempotent } from '../http/idempotent.ts';
import { operatorOf } from '../http/operator-auth.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

/**
 * A staff write's claim: its Idempotency-Key and the hash of the call (its path, so the key of one
 * adjustment's decision is no other's, and its body: the key with another body is a 422).
 */
const claimOf = (request: FastifyRequest): Claim => ({
  key: idempotencyKey(request),
  requestHash: createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0]}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex'),
});

/**
 * The staff member calling: player support is for people, each accountable in the audit log. An
 * operator key (a machine, or a person holding one beside their session) would look players up
 * unwatched and could be the "other" member of an adjustment: it is refused.
 */
function staffCaller(request: FastifyRequest) {
  const caller = operatorOf(request);
  if (caller.via === 'key' || caller.actor.staffId === null)
    throw httpError(403, 'Player support needs a staff member signed in to the console', 'staff_only');
  return caller;
}

const send = (
  reply: FastifyReply,
  status: number,
  { replayed, adjustment }: { replayed: boolean; adjustment: unknown },
) => sendIdempotent(reply.code(replayed ? 200 : status), replayed, adjustment);

/**
 * Player support (issue 42, items 3 and 4; decision 049): look-ups (each audited) and adjustments
 * that one member requests and another approves. Roles are the endpoint table's, checked before
 * these run.
 */
export function registerSupportRoutes(app: Api, deps: { db: Database }): void {
  const { db } = deps;
  registerEndpoints(app, SUPPORT_ENDPOINTS, {
    playerSearch: async (request) => {
      const { actor, role } = staffCaller(request);
      return { items: await searchPlayers(db, actor, role, request.query.q) };
    },
    player: async (request) => {
      const { actor, role } = staffCaller(request);
      return playerView(db, actor, role, request.params.id);
    },
    playerReveal: async (request) => {
      const { actor } = staffCaller(request);
      return revealPlayer(db, actor, request.params.id, request.body.reason);
    },
    adjustmentRequest: async (request, reply) => {
      const { actor, role } = staffCaller(request);
      const claim = claimOf(request);
      return send(reply, 201, await requestAdjustment(db, actor, role, request.params.id, request.body, claim));
    },
    adjustments: async (request) => {
      const { actor, role } = staffCaller(request);
      return listAdjustments(db, actor, role, request.query);
    },
    adjustmentDecide: async (request, reply) => {
      const { actor, role } = staffCaller(request);
      const claim = claimOf(request);
      return send(reply, 200, await decideAdjustment(db, actor, role, request.params.id, request.body, claim));
    },
  });
}
