import { spinRequestSchema } from '@promo/contract';
import type { Database } from '../db/client.ts';
import type { ContentWatch } from '../db/content-watch.ts';
import { findWheel, joinWheel, spinWheel, type WheelLookup, wheelHistory, wheelState } from '../domain/wheel.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import { createContentCache } from '../http/prepared-answers.ts';
import { type Api, type ApiRequest, idParams, noBody, noQuery, optionalBody } from '../http/validation.ts';

const BASE = '/web-api/api/web/promotions/wheel/:id';
const read = { params: idParams, querystring: noQuery };
const spinSchema = { ...read, body: optionalBody(spinRequestSchema) };

/** Spec 7 wheel: state, participation, spin, spin all and history. Results are the server's alone. */
export function registerWheelRoutes(app: Api, db: Database, guard: AuthGuard, content: ContentWatch): void {
  // A spin reads its wheel's promotion row from here, not with one more query in its transaction:
  // promotions are content (migration 0021), so a change drops the row in every process.
  const cached = createContentCache(content);
  const wheelRow: WheelLookup = (id, tx) => cached(`wheel:${id}`, () => findWheel(id, tx));
  app.get(BASE, { schema: read }, async (request, reply) => {
    const session = await guard.optionalSession(request);
    const state = await wheelState(db, session?.userId ?? null, request.params.id);
    return reply.header('cache-control', 'no-store').send(state);
  });

  app.get(`${BASE}/confirm-participation`, { schema: read }, async (request, reply) => {
    const { userId } = await guard.user(request);
    const state = await wheelState(db, userId, request.params.id);
    return reply.header('cache-control', 'no-store').send({ participating: state.participating });
  });

  app.post(`${BASE}/confirm-participation`, { schema: { ...read, body: noBody } }, async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send(await joinWheel(db, userId, request.params.id));
  });

  const spin = (count: 1 | 'all') =>
    idempotentHandler(
      db,
      guard,
      (request: ApiRequest<typeof spinSchema>) => `wheel-spin:${request.params.id}:${count}`,
      (tx, userId, request) => {
        const { clientSeed = `user-${userId}` } = request.body ?? {};
        return spinWheel(tx, { userId, promotionId: request.params.id, clientSeed, count }, new Date(), wheelRow);
      },
    );
  app.post(`${BASE}/spin`, { schema: spinSchema }, spin(1));
  app.post(`${BASE}/spin/all`, { schema: spinSchema }, spin('all'));

  app.get(`${BASE}/getHistoryWheel`, { schema: read }, async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send({ spins: await wheelHistory(db, userId, request.params.id) });
  });
}
