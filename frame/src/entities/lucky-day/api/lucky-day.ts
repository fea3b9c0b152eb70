import { IDEMPOTENCY_KEY_HEADER, LUCKY_DAY_ENDPOINTS, type LuckyChanceForm } from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, LIVE_FIGURES, userQueryKey } from '../../../shared/api/index.ts';

const drawQuery = (promoId: number, day: string) => ({ date_draw: day, promo_id: promoId });

/**
 * GET lucky-day-draw: one day's draw (a player's own winning tickets are marked). With a console
 * preview link's token (`preview`, here and in the bet series and the jackpot below), the previewed
 * version's, as a visitor sees it, keyed apart.
 */
export const luckyDrawQuery = (promoId: number, day: string, userId: number | null, preview?: string) =>
  queryOptions({
    queryKey: ['lucky-draw', promoId, day, preview ? { preview } : userId],
    queryFn: ({ signal, client }) =>
      callEndpoint(
        LUCKY_DAY_ENDPOINTS.draw,
        { params: {}, query: { ...drawQuery(promoId, day), preview }, signal, client },
        preview ? null : userId,
      ),
    placeholderData: keepPreviousData,
    meta: LIVE_FIGURES,
    staleTime: 30_000,
  });

/** GET lucky-day-ticket: the player's tickets of one day, pending until the draw, then win or loss. */
export const luckyTicketsQuery = (promoId: number, day: string, userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'lucky-tickets', promoId, day),
    queryFn: ({ signal, client }) =>
      callEndpoint(LUCKY_DAY_ENDPOINTS.tickets, { params: {}, query: drawQuery(promoId, day), signal, client }),
  });

/** POST ticket: the player's lucky number in today's draw, once per key. */
export const takeLuckyTicket = (idempotencyKey: string, promoId: number, ticketId: number) =>
  callEndpoint(LUCKY_DAY_ENDPOINTS.takeTicket, {
    params: {},
    body: { promoId, ticketId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** GET betseries/table: prizes by winning streak, and the player's streak. */
export const betSeriesQuery = (promotionId: number, userId: number | null, preview?: string) =>
  queryOptions({
    queryKey: ['bet-series', promotionId, preview ? { preview } : userId],
    queryFn: ({ signal, client }) =>
      callEndpoint(
        LUCKY_DAY_ENDPOINTS.betSeries,
        { params: { id: promotionId }, query: { preview }, signal, client },
        preview ? null : userId,
      ),
    staleTime: 60_000,
  });

/** A lucky-day draw's date: the UTC day (the draw closes at 20:00 UTC), as the API names it. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** GET jackpot: the weekly jackpot's open draw and last weeks, in the player's currency. */
export const weeklyJackpotQuery = (promotionId: number, userId: number | null, currency: string, preview?: string) =>
  queryOptions({
    queryKey: ['weekly-jackpot', promotionId, preview ? { preview } : userId, currency],
    queryFn: ({ signal, client }) =>
      callEndpoint(
        LUCKY_DAY_ENDPOINTS.jackpot,
        { params: { id: promotionId }, query: { currency, preview }, signal, client },
        preview ? null : userId,
      ),
    meta: LIVE_FIGURES,
    staleTime: 60_000,
  });

/** GET LuckyChanceForm?promoId: the player's forecast of the promotion's featured match, or null. */
export const luckyChanceQuery = (userId: number, promoId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'lucky-chance', promoId),
    queryFn: ({ signal, client }) =>
      callEndpoint(LUCKY_DAY_ENDPOINTS.luckyChance, { params: {}, query: { promoId }, signal, client }),
  });

/** POST LuckyChanceForm: the forecast, once per key (the server keeps one per player). */
export const makeForecast = (idempotencyKey: string, form: LuckyChanceForm) =>
  callEndpoint(LUCKY_DAY_ENDPOINTS.forecast, {
    params: {},
    body: form,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
