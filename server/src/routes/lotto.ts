import { buyTicketSchema, isLotteryCode, LOTTO_PATHS, WEB_API_BASE } from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import {
  availableLotteries,
  buyTicket,
  callerCurrency,
  latestResults,
  lotteryDraws,
  playerTickets,
} from '../domain/lotto.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import { type Api, type ApiRequest, currencyCode, noQuery } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

const currencyQuery = z.object({ currency: currencyCode.optional() });
const buySchema = { querystring: noQuery, body: buyTicketSchema };

/** Spec 7 lotto: the lotteries on sale, their draws, the player's tickets and buying one. */
export function registerLottoRoutes(app: Api, db: Database, guard: AuthGuard): void {
  const currencyOf = async (request: FastifyRequest & { query: { currency?: string | undefined } }) => {
    const session = await guard.optionalSession(request);
    return callerCurrency(db, session?.userId ?? null, request.query.currency);
  };

  const withCurrency = { schema: { querystring: currencyQuery } };
  app.get(`${WEB_API_BASE}${LOTTO_PATHS.available}`, withCurrency, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await availableLotteries(db, await currencyOf(request))),
  );

  app.get(`${WEB_API_BASE}${LOTTO_PATHS.results}`, withCurrency, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await latestResults(db, await currencyOf(request))),
  );

  const drawsSchema = { params: z.object({ code: z.string().max(40) }), querystring: currencyQuery };
  app.get(`${WEB_API_BASE}${LOTTO_PATHS.draws(':code')}`, { schema: drawsSchema }, async (request, reply) => {
    const { code } = request.params;
    if (!isLotteryCode(code)) throw httpError(404, `Lottery ${code} not found`, 'not_found');
    return reply.header('cache-control', 'no-store').send(await lotteryDraws(db, code, await currencyOf(request)));
  });

  app.get(`${WEB_API_BASE}${LOTTO_PATHS.tickets}`, { schema: { querystring: noQuery } }, async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send(await playerTickets(db, userId));
  });

  app.post(
    `${WEB_API_BASE}${LOTTO_PATHS.tickets}`,
    { schema: buySchema },
    idempotentHandler(
      db,
      guard,
      () => 'lotto-ticket',
      (tx, userId, request: ApiRequest<typeof buySchema>) => buyTicket(tx, userId, request.body),
    ),
  );
}
