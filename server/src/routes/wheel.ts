import { WHEEL_ENDPOINTS } from '@promo/contract';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.ts';
import { createContentCache } from '../db/content-cache.ts';
import type { ContentWatch } from '../db/content-watch.ts';
import { findWheel, joinWheel, spinOnce, wheelHistory, wheelState } from '../domain/wheel.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type EndpointRequest, registerEndpoints } from '../http/endpoints.ts';
import { idempotentCall, sendIdempotent } from '../http/idempotent.ts';
import type { Api } from '../http/validation.ts';

type SpinRequest = EndpointRequest<typeof WHEEL_ENDPOINTS.spin>;

/** Spec 7 wheel: state, participation, spin, spin all and history. Results are the server's alone. */
export function registerWheelRoutes(app: Api, db: Database, guard: AuthGuard, content: ContentWatch): void {
  // A spin reads its wheel's promotion row from here, not with one more query: promotions are
  // content (migration 0021), so a change drops the row in every process. An unknown wheel's 404 is
  // not kept.
  const cached = createContentCache(content);
  const wheelRow = (id: number) => cached(`wheel:${id}`, () => findWheel(id, db));
  // One statement that commits on its own (decision 045): the claim, the spin and the stored answer.
  const spin = (count: 1 | 'all') => async (request: SpinRequest, reply: FastifyReply) => {
    const call = await idempotentCall(guard, request);
    const promotionId = request.params.id;
    const wheel = await wheelRow(promotionId).catch((error: Error) => error);
    const { replayed, answer } = await spinOnce(
      db,
      { ...call, scope: `wheel-spin:${promotionId}:${count}` },
      { promotionId, clientSeed: request.body?.clientSeed, count },
      wheel,
    );
    // The stored answer's JSON text, as it is: a replay sends the same bytes.
    return sendIdempotent(reply.type('application/json; charset=utf-8'), replayed, answer);
  };
  registerEndpoints(app, WHEEL_ENDPOINTS, {
    state: async (request) => {
      const { preview } = request.query;
      return wheelState(db, await guard.readerId(request, preview), request.params.id, new Date(), preview);
    },
    participation: async (request) => {
      const { userId } = await guard.user(request);
      const state = await wheelState(db, userId, request.params.id);
      return { participating: state.participating };
    },
    join: async (request) => {
      const { userId } = await guard.user(request);
      return joinWheel(db, userId, request.params.id);
    },
    spin: spin(1),
    spinAll: spin('all'),
    history: async (request) => {
      const { userId } = await guard.user(request);
      return { spins: await wheelHistory(db, userId, request.params.id) };
    },
  });
}
