import { IDEMPOTENCY_KEY_HEADER, spinRequestSchema } from '@promo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { applyOnce } from '../domain/idempotency.ts';
import { joinWheel, spinWheel, wheelHistory, wheelState } from '../domain/wheel.ts';
import { httpError } from '../http-error.ts';
import { type AuthGuard, parseBody } from './auth-guard.ts';

const BASE = '/web-api/api/web/promotions/wheel/:id';
type WheelRequest = FastifyRequest<{ Params: { id: string } }>;

const promotionId = (request: WheelRequest) => {
  const id = Number(request.params.id);
  if (!Number.isInteger(id) || id <= 0) throw httpError(400, 'Promotion id must be a positive integer');
  return id;
};

const idempotencyKey = (request: FastifyRequest) => {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof key !== 'string' || !/^[\w-]{8,100}$/.test(key)) {
    throw httpError(400, `${IDEMPOTENCY_KEY_HEADER} header (8-100 letters, digits, - or _) is required`);
  }
  return key;
};

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

  const spin = (count: 1 | 'all') => async (request: WheelRequest, reply: FastifyReply) => {
    const { userId } = await guard.user(request);
    const id = promotionId(request);
    const key = idempotencyKey(request);
    const { clientSeed = `user-${userId}` } = parseBody(spinRequestSchema, request.body ?? {});
    const { replayed, response } = await applyOnce(db, { userId, key, scope: `wheel-spin:${id}:${count}` }, (tx) =>
      spinWheel(tx, { userId, promotionId: id, clientSeed, count }),
    );
    return reply.header('cache-control', 'no-store').header('idempotent-replayed', String(replayed)).send(response);
  };
  app.post(`${BASE}/spin`, spin(1));
  app.post(`${BASE}/spin/all`, spin('all'));

  app.get(`${BASE}/getHistoryWheel`, async (request: WheelRequest, reply) => {
    const { userId } = await guard.user(request);
    return reply
      .header('cache-control', 'no-store')
      .send({ spins: await wheelHistory(db, userId, promotionId(request)) });
  });
}
