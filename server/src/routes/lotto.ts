import { buyTicketSchema, isLotteryCode, LOTTO_PATHS, WEB_API_BASE } from '@promo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import {
  availableLotteries,
  buyTicket,
  callerCurrency,
  latestResults,
  lotteryDraws,
  playerTickets,
} from '../domain/lotto.ts';
import { httpError } from '../http-error.ts';
import { type AuthGuard, parseBody } from './auth-guard.ts';
import { idempotentHandler } from './idempotent.ts';

type WithCurrency = FastifyRequest<{ Params: { code?: string }; Querystring: { currency?: string } }>;

/** Spec 7 lotto: the lotteries on sale, their draws, the player's tickets and buying one. */
export function registerLottoRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  const currencyOf = async (request: WithCurrency) => {
    const session = await guard.optionalSession(request);
    return callerCurrency(db, session?.userId ?? null, request.query.currency);
  };

  app.get(`${WEB_API_BASE}${LOTTO_PATHS.available}`, async (request: WithCurrency, reply) =>
    reply.header('cache-control', 'no-store').send(await availableLotteries(db, await currencyOf(request))),
  );

  app.get(`${WEB_API_BASE}${LOTTO_PATHS.results}`, async (request: WithCurrency, reply) =>
    reply.header('cache-control', 'no-store').send(await latestResults(db, await currencyOf(request))),
  );

  app.get(`${WEB_API_BASE}${LOTTO_PATHS.draws(':code')}`, async (request: WithCurrency, reply) => {
    const code = request.params.code ?? '';
    if (!isLotteryCode(code)) throw httpError(404, `Lottery ${code} not found`, 'not_found');
    return reply.header('cache-control', 'no-store').send(await lotteryDraws(db, code, await currencyOf(request)));
  });

  app.get(`${WEB_API_BASE}${LOTTO_PATHS.tickets}`, async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send(await playerTickets(db, userId));
  });

  app.post(
    `${WEB_API_BASE}${LOTTO_PATHS.tickets}`,
    idempotentHandler(
      db,
      guard,
      () => 'lotto-ticket',
      (tx, userId, request: FastifyRequest) => buyTicket(tx, userId, parseBody(buyTicketSchema, request.body)),
    ),
  );
}
