import { WHEEL_ENDPOINTS } from '@promo/contract';
import type { Database } from '../db/client.ts';
import type { ContentWatch } from '../db/content-watch.ts';
import { findWheel, joinWheel, spinWheel, type WheelLookup, wheelHistory, wheelState } from '../domain/wheel.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type EndpointRequest, registerEndpoints } from '../http/endpoints.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import { createContentCache } from '../http/prepared-answers.ts';
import type { Api } from '../http/validation.ts';

type SpinRequest = EndpointRequest<typeof WHEEL_ENDPOINTS.spin>;

/** Spec 7 wheel: state, participation, spin, spin all and history. Results are the server's alone. */
export function registerWheelRoutes(app: Api, db: Database, guard: AuthGuard, content: ContentWatch): void {
  // A spin reads its wheel's promotion row from here, not with one more query in its transaction:
  // promotions are content (migration 0021), so a change drops the row in every process.
  const cached = createContentCache(content);
  const wheelRow: WheelLookup = (id, tx) => cached(`wheel:${id}`, () => findWheel(id, tx));
  const spin = (count: 1 | 'all') =>
    idempotentHandler(
      db,
      guard,
      (request: SpinRequest) => `wheel-spin:${request.params.id}:${count}`,
      (tx, userId, request) => {
        const { clientSeed = `user-${userId}` } = request.body ?? {};
        return spinWheel(tx, { userId, promotionId: request.params.id, clientSeed, count }, new Date(), wheelRow);
      },
    );
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
