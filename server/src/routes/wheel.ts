import { spinRequestSchema } from '@promo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { joinWheel, spinWheel, wheelHistory, wheelState } from '../domain/wheel.ts';
import { type AuthGuard, parseBody, positiveId } from './auth-guard.ts';
import { idempotentHandler } from './idempotent.ts';

const BASE = '/web-api/api/web/promotions/wheel/:id';
type WheelRequest = FastifyRequest<{ Params: { id: string } }>;

const promotionId = (request: WheelRequest) => positiveId(request.params.id);

/** Spec 7 wheel: state, participation, spin, spin all and history. Results are the server's alone. */
export function registerWheelRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.get(BASE, async (request: WheelRequest, reply) => {
    const session = await guard.optionalSession(request);
    const state = await wheelState(db, session?.userId ?? null, promotionId(request));
    return reply.header('cache-control', 'no-store').send(state);
  });

  app.get(`${BASE}/confirm-participation`, async (request: WheelRequest, reply) => {
    const { userId } = await guard.user(request);
    const state = await wheelState(db, userId, promotionId(request));
    return reply.header('cache-control', 'no-store').send({ participating: state.participating });
  });

  app.post(`${BASE}/confirm-participation`, async (request: WheelRequest, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send(await joinWheel(db, userId, promotionId(request)));
  });

  const spin = (count: 1 | 'all') =>
    idempotentHandler(
      db,
      guard,
      (request: WheelRequest) => `wheel-spin:${promotionId(request)}:${count}`,
      (tx, userId, request) => {
        const { clientSeed = `user-${userId}` } = parseBody(spinRequestSchema, request.body ?? {});
        return spinWheel(tx, { userId, promotionId: promotionId(request), clientSeed, count });
      },
    );
  app.post(`${BASE}/spin`, spin(1));
  app.post(`${BASE}/spin/all`, spin('all'));

  app.get(`${BASE}/getHistoryWheel`, async (request: WheelRequest, reply) => {
    const { userId } = await guard.user(request);
    return reply
      .header('cache-control', 'no-store')
      .send({ spins: await wheelHistory(db, userId, promotionId(request)) });
  });
}
