import {
  JACKPOT_PATH,
  LUCKY_CHANCE_PATH,
  LUCKY_DAY_PATHS,
  luckyChanceFormSchema,
  takeTicketSchema,
  WEB_API_BASE,
} from '@promo/contract';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { weeklyJackpot } from '../domain/jackpot.ts';
import { callerCurrency } from '../domain/lotto.ts';
import { luckyChanceOf, makeForecast } from '../domain/lucky-chance.ts';
import { betSeriesTable, luckyDraw, luckyTickets, takeTicket } from '../domain/lucky-day.ts';
import { type AuthGuard, idRoute } from '../http/auth-guard.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import { type Api, type ApiRequest, currencyCode, dbId, idParams, noQuery } from '../http/validation.ts';

/** The lucky-day promotion that the spec's draw paths leave unnamed: luckyday (116) by default. */
const DEFAULT_LUCKY_DAY = 116;

/** A draw's day and promotion; a day must exist in the calendar (2025-02-30 is refused). */
const drawQuery = z.object({
  date_draw: z.iso.date().optional(),
  promo_id: dbId.default(DEFAULT_LUCKY_DAY),
});
/** Unnamed, the day is today's (or the run's nearest): the domain decides (drawDay). */
const drawOf = (query: z.output<typeof drawQuery>) => ({ day: query.date_draw, promotionId: query.promo_id });
const takeSchema = { querystring: noQuery, body: takeTicketSchema };
const forecastSchema = { querystring: noQuery, body: luckyChanceFormSchema };

/** Spec 7: lucky-day draw and tickets, taking a ticket, the bet-series table. */
export function registerLuckyDayRoutes(app: Api, db: Database, guard: AuthGuard): void {
  app.get(`${WEB_API_BASE}${LUCKY_DAY_PATHS.draw}`, { schema: { querystring: drawQuery } }, async (request, reply) => {
    const { day, promotionId } = drawOf(request.query);
    const session = await guard.optionalSession(request);
    return reply
      .header('cache-control', 'no-store')
      .send(await luckyDraw(db, promotionId, day, session?.userId ?? null));
  });

  // The weekly jackpot: its open draw and last weeks, in the player's currency (a visitor's asked one).
  app.get(
    idRoute(JACKPOT_PATH),
    { schema: { params: idParams, querystring: z.object({ currency: currencyCode.optional() }) } },
    async (request, reply) => {
      const session = await guard.optionalSession(request);
      const me = session?.userId ?? null;
      const currency = await callerCurrency(db, me, request.query.currency);
      const jackpot = await weeklyJackpot(db, request.params.id, me, currency);
      return reply.header('cache-control', 'no-store').send(jackpot);
    },
  );

  app.get(
    `${WEB_API_BASE}${LUCKY_DAY_PATHS.tickets}`,
    { schema: { querystring: drawQuery } },
    async (request, reply) => {
      const { userId } = await guard.user(request);
      const { day, promotionId } = drawOf(request.query);
      return reply.header('cache-control', 'no-store').send(await luckyTickets(db, promotionId, day, userId));
    },
  );

  app.post(
    `${WEB_API_BASE}${LUCKY_DAY_PATHS.takeTicket}`,
    { schema: takeSchema },
    idempotentHandler(
      db,
      guard,
      () => 'lucky-day-ticket',
      (tx, userId, request: ApiRequest<typeof takeSchema>) => {
        const { promoId, ticketId } = request.body;
        return takeTicket(tx, { promotionId: promoId, ticketId, userId });
      },
    ),
  );

  // Spec 7 LuckyChanceForm: the featured match's score forecast, once per player and promotion.
  app.get(
    `${WEB_API_BASE}${LUCKY_CHANCE_PATH}`,
    { schema: { querystring: z.object({ promoId: dbId }) } },
    async (request, reply) => {
      const { userId } = await guard.user(request);
      return reply.header('cache-control', 'no-store').send(await luckyChanceOf(db, request.query.promoId, userId));
    },
  );
  app.post(
    `${WEB_API_BASE}${LUCKY_CHANCE_PATH}`,
    { schema: forecastSchema },
    idempotentHandler(
      db,
      guard,
      () => 'lucky-chance',
      (tx, userId, request: ApiRequest<typeof forecastSchema>) => makeForecast(tx, request.body, userId),
    ),
  );

  app.get(
    idRoute(LUCKY_DAY_PATHS.betSeries),
    { schema: { params: idParams, querystring: noQuery } },
    async (request, reply) => {
      const session = await guard.optionalSession(request);
      const table = await betSeriesTable(db, request.params.id, session?.userId ?? null);
      return reply.header('cache-control', 'no-store').send(table);
    },
  );
}
