import {
  type BuyTicket,
  drawsSchema,
  IDEMPOTENCY_KEY_HEADER,
  LOTTO_PATHS,
  lottoAvailableSchema,
  ticketSchema,
  ticketsSchema,
} from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requestAs, userQueryKey } from '../../../shared/api/index.ts';

const withCurrency = (path: string, currency: string) => `${path}?currency=${encodeURIComponent(currency)}`;
const keyOf = (userId: number | null, ...parts: string[]) =>
  userId === null ? ['lotto', ...parts] : userQueryKey(userId, 'lotto', ...parts);

/** Spec 7 lotto/available: the lotteries on sale, jackpots and prices in the caller's currency. */
export const lottoAvailableQuery = (userId: number | null, currency: string) =>
  queryOptions({
    queryKey: keyOf(userId, 'available', currency),
    queryFn: ({ signal }) =>
      requestAs(userId, withCurrency(LOTTO_PATHS.available, currency), lottoAvailableSchema, { signal }),
    staleTime: 60_000,
  });

/** Each lottery's latest drawn draw. */
export const lottoResultsQuery = (userId: number | null, currency: string) =>
  queryOptions({
    queryKey: keyOf(userId, 'results', currency),
    queryFn: ({ signal }) => requestAs(userId, withCurrency(LOTTO_PATHS.results, currency), drawsSchema, { signal }),
    staleTime: 60_000,
  });

/** One lottery's open draw and its latest drawn ones. */
export const lotteryDrawsQuery = (code: string, userId: number | null, currency: string) =>
  queryOptions({
    queryKey: keyOf(userId, 'draws', code, currency),
    queryFn: ({ signal }) =>
      requestAs(userId, withCurrency(LOTTO_PATHS.draws(code), currency), drawsSchema, { signal }),
    staleTime: 60_000,
  });

/** The player's tickets, newest first. */
export const ticketsQuery = (userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'lotto', 'tickets'),
    queryFn: ({ signal }) => apiRequest(LOTTO_PATHS.tickets, ticketsSchema, { signal }),
  });

/** POST tickets: buys one ticket for the next draw, once per key. */
export const buyTicket = (idempotencyKey: string, order: BuyTicket) =>
  apiRequest(LOTTO_PATHS.tickets, ticketSchema, {
    method: 'POST',
    body: order,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
