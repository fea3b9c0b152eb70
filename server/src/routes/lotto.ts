import { isLotteryCode, LOTTO_ENDPOINTS } from '@promo/contract';
import type { FastifyRequest } from 'fastify';
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
import { type EndpointRequest, registerEndpoints } from '../http/endpoints.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

/** Spec 7 lotto: the lotteries on sale, their draws, the player's tickets and buying one. */
export function registerLottoRoutes(app: Api, db: Database, guard: AuthGuard): void {
  const currencyOf = async (request: FastifyRequest & { query: { currency?: string | undefined } }) => {
    const session = await guard.optionalSession(request);
    return callerCurrency(db, session?.userId ?? null, request.query.currency);
  };

  registerEndpoints(app, LOTTO_ENDPOINTS, {
    available: async (request) => availableLotteries(db, await currencyOf(request)),
    results: async (request) => latestResults(db, await currencyOf(request)),
    draws: async (request) => {
      const { code } = request.params;
      if (!isLotteryCode(code)) throw httpError(404, `Lottery ${code} not found`, 'not_found');
      return lotteryDraws(db, code, await currencyOf(request));
    },
    tickets: async (request) => {
      const { userId } = await guard.user(request);
      return playerTickets(db, userId);
    },
    buyTicket: idempotentHandler(
      db,
      guard,
      () => 'lotto-ticket',
      (tx, userId, request: EndpointRequest<typeof LOTTO_ENDPOINTS.buyTicket>) => buyTicket(tx, userId, request.body),
    ),
  });
}
