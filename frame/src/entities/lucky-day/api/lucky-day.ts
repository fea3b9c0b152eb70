import {
  betSeriesTableSchema,
  IDEMPOTENCY_KEY_HEADER,
  JACKPOT_PATH,
  LUCKY_CHANCE_PATH,
  LUCKY_DAY_PATHS,
  type LuckyChanceForm,
  luckyChanceAnswerSchema,
  luckyDrawSchema,
  luckyTicketsSchema,
  weeklyJackpotSchema,
} from '@promo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, requestAs, userQueryKey } from '../../../shared/api/index.ts';

const drawParams = (promoId: number, day: string) => `?date_draw=${day}&promo_id=${promoId}`;

/** GET lucky-day-draw: one day's draw (a player's own winning tickets are marked). */
export const luckyDrawQuery = (promoId: number, day: string, userId: number | null) =>
  queryOptions({
    queryKey: ['lucky-draw', promoId, day, userId],
    queryFn: ({ signal }) =>
      requestAs(userId, `${LUCKY_DAY_PATHS.draw}${drawParams(promoId, day)}`, luckyDrawSchema, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** GET lucky-day-ticket: the player's tickets of one day, pending until the draw, then win or loss. */
export const luckyTicketsQuery = (promoId: number, day: string, userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'lucky-tickets', promoId, day),
    queryFn: ({ signal }) =>
      apiRequest(`${LUCKY_DAY_PATHS.tickets}${drawParams(promoId, day)}`, luckyTicketsSchema, { signal }),
  });

/** POST ticket: the player's lucky number in today's draw, once per key. */
export const takeLuckyTicket = (idempotencyKey: string, promoId: number, ticketId: number) =>
  apiRequest(LUCKY_DAY_PATHS.takeTicket, luckyTicketsSchema, {
    method: 'POST',
    body: { promoId, ticketId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** GET betseries/table: prizes by winning streak, and the player's streak. */
export const betSeriesQuery = (promotionId: number, userId: number | null) =>
  queryOptions({
    queryKey: ['bet-series', promotionId, userId],
    queryFn: ({ signal }) =>
      requestAs(userId, LUCKY_DAY_PATHS.betSeries(promotionId), betSeriesTableSchema, { signal }),
    staleTime: 60_000,
  });

/** A lucky-day draw's date: the UTC day (the draw closes at 20:00 UTC), as the API names it. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** GET jackpot: the weekly jackpot's open draw and last weeks, in the player's currency. */
export const weeklyJackpotQuery = (promotionId: number, userId: number | null, currency: string) =>
  queryOptions({
    queryKey: ['weekly-jackpot', promotionId, userId, currency],
    queryFn: ({ signal }) =>
      requestAs(userId, `${JACKPOT_PATH(promotionId)}?currency=${encodeURIComponent(currency)}`, weeklyJackpotSchema, {
        signal,
      }),
    staleTime: 60_000,
  });

/** GET LuckyChanceForm?promoId: the player's forecast of the promotion's featured match, or null. */
export const luckyChanceQuery = (userId: number, promoId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'lucky-chance', promoId),
    queryFn: ({ signal }) => apiRequest(`${LUCKY_CHANCE_PATH}?promoId=${promoId}`, luckyChanceAnswerSchema, { signal }),
  });

/** POST LuckyChanceForm: the forecast, once per key (the server keeps one per player). */
export const makeForecast = (idempotencyKey: string, form: LuckyChanceForm) =>
  apiRequest(LUCKY_CHANCE_PATH, luckyChanceAnswerSchema, {
    method: 'POST',
    body: form,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
