import { LUCKY_DAY_ENDPOINTS } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { weeklyJackpot } from '../domain/jackpot.ts';
import { callerCurrency } from '../domain/lotto.ts';
import { luckyChanceOf, makeForecast } from '../domain/lucky-chance.ts';
import { betSeriesTable, luckyDraw, luckyTickets, takeTicket } from '../domain/lucky-day.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type EndpointRequest, registerEndpoints } from '../http/endpoints.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import type { Api } from '../http/validation.ts';

type DrawRequest = EndpointRequest<typeof LUCKY_DAY_ENDPOINTS.draw>;
type TakeRequest = EndpointRequest<typeof LUCKY_DAY_ENDPOINTS.takeTicket>;
type ForecastRequest = EndpointRequest<typeof LUCKY_DAY_ENDPOINTS.forecast>;

/** Unnamed, the day is today's (or the run's nearest): the domain decides (drawDay). */
const drawOf = (query: DrawRequest['query']) => ({ day: query.date_draw, promotionId: query.promo_id });

/**
 * Spec 7: lucky-day draw and tickets, taking a ticket, the bet-series table, the weekly jackpot and
 * the LuckyChanceForm forecast.
 */
export function registerLuckyDayRoutes(app: Api, db: Database, guard: AuthGuard): void {
  registerEndpoints(app, LUCKY_DAY_ENDPOINTS, {
    draw: async (request) => {
      const { day, promotionId } = drawOf(request.query);
      const { preview } = request.query;
      return luckyDraw(db, promotionId, day, await guard.readerId(request, preview), new Date(), preview);
    },
    // The weekly jackpot: its open draw and last weeks, in the player's currency (a visitor's asked one).
    jackpot: async (request) => {
      const { preview } = request.query;
      const me = await guard.readerId(request, preview);
      const currency = await callerCurrency(db, me, request.query.currency);
      return weeklyJackpot(db, request.params.id, me, currency, new Date(), preview);
    },
    tickets: async (request) => {
      const { userId } = await guard.user(request);
      const { day, promotionId } = drawOf(request.query);
      return luckyTickets(db, promotionId, day, userId);
    },
    takeTicket: idempotentHandler(
      db,
      guard,
      () => 'lucky-day-ticket',
      (tx, userId, request: TakeRequest) => {
        const { promoId, ticketId } = request.body;
        return takeTicket(tx, { promotionId: promoId, ticketId, userId });
      },
    ),
    // Spec 7 LuckyChanceForm: the featured match's score forecast, once per player and promotion.
    luckyChance: async (request) => {
      const { userId } = await guard.user(request);
      return luckyChanceOf(db, request.query.promoId, userId);
    },
    forecast: idempotentHandler(
      db,
      guard,
      () => 'lucky-chance',
      (tx, userId, request: ForecastRequest) => makeForecast(tx, request.body, userId),
    ),
    betSeries: async (request) => {
      const { preview } = request.query;
      return betSeriesTable(db, request.params.id, await guard.readerId(request, preview), preview);
    },
  });
}
