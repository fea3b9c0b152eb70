import {
  JACKPOT_PATH,
  LUCKY_CHANCE_PATH,
  LUCKY_DAY_PATHS,
  luckyChanceFormSchema,
  takeTicketSchema,
  WEB_API_BASE,
} from '@promo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { weeklyJackpot } from '../domain/jackpot.ts';
import { callerCurrency } from '../domain/lotto.ts';
import { luckyChanceOf, makeForecast } from '../domain/lucky-chance.ts';
import { betSeriesTable, luckyDraw, luckyTickets, takeTicket } from '../domain/lucky-day.ts';
import { utcDay } from '../domain/time.ts';
import { httpError } from '../http-error.ts';
import { type AuthGuard, idRoute, parseBody, positiveId } from './auth-guard.ts';
import { idempotentHandler } from './idempotent.ts';

type DrawQuery = FastifyRequest<{ Querystring: { date_draw?: string; promo_id?: string } }>;

/** The lucky-day promotion that the spec's draw paths leave unnamed: luckyday (116) by default. */
const DEFAULT_LUCKY_DAY = 116;

function drawQuery(request: DrawQuery) {
  const { date_draw: day, promo_id: promo } = request.query;
  if (day !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)))) {
    throw httpError(400, 'date_draw must be a date, YYYY-MM-DD', 'invalid_param');
  }
  return { day: day ?? utcDay(new Date()), promotionId: promo === undefined ? DEFAULT_LUCKY_DAY : positiveId(promo) };
}

/** Spec 7: lucky-day draw and tickets, taking a ticket, the bet-series table. */
export function registerLuckyDayRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.get(`${WEB_API_BASE}${LUCKY_DAY_PATHS.draw}`, async (request: DrawQuery, reply) => {
    const { day, promotionId } = drawQuery(request);
    const session = await guard.optionalSession(request);
    return reply
      .header('cache-control', 'no-store')
      .send(await luckyDraw(db, promotionId, day, session?.userId ?? null));
  });

  // The weekly jackpot: its open draw and last weeks, in the player's currency (a visitor's asked one).
  app.get(
    idRoute(JACKPOT_PATH),
    async (request: FastifyRequest<{ Params: { id: string }; Querystring: { currency?: string } }>, reply) => {
      const session = await guard.optionalSession(request);
      const me = session?.userId ?? null;
      const currency = await callerCurrency(db, me, request.query.currency);
      const jackpot = await weeklyJackpot(db, positiveId(request.params.id), me, currency);
      return reply.header('cache-control', 'no-store').send(jackpot);
    },
  );

  app.get(`${WEB_API_BASE}${LUCKY_DAY_PATHS.tickets}`, async (request: DrawQuery, reply) => {
    const { userId } = await guard.user(request);
    const { day, promotionId } = drawQuery(request);
    return reply.header('cache-control', 'no-store').send(await luckyTickets(db, promotionId, day, userId));
  });

  app.post(
    `${WEB_API_BASE}${LUCKY_DAY_PATHS.takeTicket}`,
    idempotentHandler(
      db,
      guard,
      () => 'lucky-day-ticket',
      (tx, userId, request: FastifyRequest) => {
        const { promoId, ticketId } = parseBody(takeTicketSchema, request.body);
        return takeTicket(tx, { promotionId: promoId, ticketId, userId });
      },
    ),
  );

  // Spec 7 LuckyChanceForm: the featured match's score forecast, once per player and promotion.
  app.get<{ Querystring: { promoId?: string } }>(`${WEB_API_BASE}${LUCKY_CHANCE_PATH}`, async (request, reply) => {
    const { userId } = await guard.user(request);
    const promoId = positiveId(request.query.promoId ?? '', 'promoId');
    return reply.header('cache-control', 'no-store').send(await luckyChanceOf(db, promoId, userId));
  });
  app.post(
    `${WEB_API_BASE}${LUCKY_CHANCE_PATH}`,
    idempotentHandler(
      db,
      guard,
      () => 'lucky-chance',
      (tx, userId, request: FastifyRequest) => makeForecast(tx, parseBody(luckyChanceFormSchema, request.body), userId),
    ),
  );

  app.get<{ Params: { id: string } }>(idRoute(LUCKY_DAY_PATHS.betSeries), async (request, reply) => {
    const session = await guard.optionalSession(request);
    const table = await betSeriesTable(db, positiveId(request.params.id), session?.userId ?? null);
    return reply.header('cache-control', 'no-store').send(table);
  });
}
