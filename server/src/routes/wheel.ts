import { spinRequestSchema } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { joinWheel, spinWheel, wheelHistory, wheelState } from '../domain/wheel.ts';
import type { AuthGuard } from './auth-guard.ts';
import { idempotentHandler } from './idempotent.ts';
import { type Api, type ApiRequest, idParams, noBody, noQuery, optionalBody } from './validation.ts';

const BASE = '/web-api/api/web/promotions/wheel/:id';
const read = { params: idParams, querystring: noQuery };
const spinSchema = { ...read, body: optionalBody(spinRequestSchema) };

/** Spec 7 wheel: state, participation, spin, spin all and history. Results are the server's alone. */
export function registerWheelRoutes(app: Api, db: Database, guard: AuthGuard): void {
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
        return spinWheel(tx, { userId, promotionId: request.params.id, clientSeed, count });
      },
    );
  app.post(`${BASE}/spin`, { schema: spinSchema }, spin(1));
  app.post(`${BASE}/spin/all`, { schema: spinSchema }, spin('all'));

  app.get(`${BASE}/getHistoryWheel`, { schema: read }, async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send({ spins: await wheelHistory(db, userId, request.params.id) });
  });
}
