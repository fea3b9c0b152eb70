import { type BuyTicket, IDEMPOTENCY_KEY_HEADER, LOTTO_ENDPOINTS } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, userQueryKey } from '../../../shared/api/index.ts';

const keyOf = (userId: number | null, ...parts: string[]) =>
  userId === null ? ['lotto', ...parts] : userQueryKey(userId, 'lotto', ...parts);

/** Spec 7 lotto/available: the lotteries on sale, jackpots and prices in the caller's currency. */
export const lottoAvailableQuery = (userId: number | null, currency: string) =>
  queryOptions({
    queryKey: keyOf(userId, 'available', currency),
    queryFn: ({ signal, client }) =>
      callEndpoint(LOTTO_ENDPOINTS.available, { params: {}, query: { currency }, signal, client }, userId),
    staleTime: 60_000,
  });

/** Each lottery's latest drawn draw. */
export const lottoResultsQuery = (userId: number | null, currency: string) =>
  queryOptions({
    queryKey: keyOf(userId, 'results', currency),
    queryFn: ({ signal, client }) =>
      callEndpoint(LOTTO_ENDPOINTS.results, { params: {}, query: { currency }, signal, client }, userId),
    staleTime: 60_000,
  });

/** One lottery's open draw and its latest drawn ones. */
export const lotteryDrawsQuery = (code: string, userId: number | null, currency: string) =>
  queryOptions({
    queryKey: keyOf(userId, 'draws', code, currency),
    queryFn: ({ signal, client }) =>
      callEndpoint(LOTTO_ENDPOINTS.draws, { params: { code }, query: { currency }, signal, client }, userId),
    staleTime: 60_000,
  });

/** The player's tickets, newest first. */
export const ticketsQuery = (userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'lotto', 'tickets'),
    queryFn: ({ signal, client }) => callEndpoint(LOTTO_ENDPOINTS.tickets, { params: {}, signal, client }),
  });

/** POST tickets: buys one ticket for the next draw, once per key. */
export const buyTicket = (idempotencyKey: string, order: BuyTicket) =>
  callEndpoint(LOTTO_ENDPOINTS.buyTicket, {
    params: {},
    body: order,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
