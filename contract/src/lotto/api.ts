import { z } from 'zod/mini';
import { currencyCodeSchema } from '../bounds.ts';
import { endpoint, NO_STORE } from '../endpoints.ts';
import { WEB_API_BASE } from '../http.ts';
import { LOTTERY_CODES } from './lotteries.ts';
import { MAX_LINES, TICKET_KINDS } from './play.ts';

/** Spec 3 lottery list sort and ticket filter. */
export const LOTTERY_SORTS = ['POPULARITY', 'DRAW_DATE', 'JACKPOT_AMOUNT'] as const;
export type LotterySort = (typeof LOTTERY_SORTS)[number];
export const TICKET_FILTERS = ['ALL', 'PLAYED', 'NOT_PLAYED', 'WIN', 'LOSS'] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number];
/** Spec 3 ticket circulation kinds: the ticket plays the next draw, or played the last one. */
export const CIRCULATIONS = ['nextCirculation', 'lastCirculation'] as const;

const money = z.object({ amount: z.string().check(z.regex(/^\d+(\.\d+)?$/)), currencyCode: z.string() });
const numbers = z.array(z.int());
const line = z.object({ main: numbers, bonus: numbers });
const code = z.enum(LOTTERY_CODES);

/** GET lotto/available: every lottery on sale, its next draw and jackpot in the caller's currency. */
export const lotterySummarySchema = z.object({
  code,
  /** Unix seconds of the next draw; sales close SALES_CLOSE_MS before it. */
  nextDrawAt: z.int(),
  jackpot: money,
  linePrice: money,
  /**
   * Units of the caller's currency per US dollar, the rate the server converts ticket prices and
   * prizes with (a decimal string): the page shows what will be charged and paid, to the cent.
   */
  usdRate: z.string().check(z.regex(/^\d+(\.\d+)?$/)),
  popularity: z.int(),
});
export type LotterySummary = z.infer<typeof lotterySummarySchema>;
export const lottoAvailableSchema = z.object({ lotteries: z.array(lotterySummarySchema) });

/** A draw: open until its time, then drawn with its result. */
export const drawSchema = z.object({
  id: z.int(),
  code,
  drawAt: z.int(),
  status: z.enum(['open', 'drawn']),
  jackpot: money,
  result: z.nullable(line),
});
export type Draw = z.infer<typeof drawSchema>;
/** GET draws: a lottery's latest draws, newest first (the open one first); GET results: each lottery's last drawn one. */
export const drawsSchema = z.object({ draws: z.array(drawSchema) });

export const ticketSchema = z.object({
  id: z.int(),
  code,
  drawId: z.int(),
  drawAt: z.int(),
  lines: z.array(line),
  kind: z.enum(TICKET_KINDS),
  circulation: z.enum(CIRCULATIONS),
  /** Spec 4 ticket notification states. */
  status: z.enum(['pending', 'win', 'loss']),
  price: money,
  /** Total won (the jackpot counts in full); null until drawn. */
  won: z.nullable(money),
  result: z.nullable(line),
  createdAt: z.int(),
});
export type Ticket = z.infer<typeof ticketSchema>;
/** GET tickets?filter: the player's tickets, newest first. */
export const ticketsSchema = z.object({ tickets: z.array(ticketSchema) });

/** POST tickets: buy a ticket for the next draw (Idempotency-Key); the price comes off the balance. */
export const buyTicketSchema = z.object({
  code,
  lines: z.array(line).check(z.minLength(1), z.maxLength(MAX_LINES)),
  kind: z.enum(TICKET_KINDS),
});
export type BuyTicket = z.infer<typeof buyTicketSchema>;

/** The currency prices and prizes are shown in: the player's active one, else the asked one. */
const currencyQuerySchema = z.object({ currency: z.optional(currencyCodeSchema()) });

/** Spec 7 lotto (only `available` is named by the spec): lotteries on sale, draws, the player's tickets, buying one. */
export const LOTTO_ENDPOINTS = {
  available: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/external-api/lotto/available',
    summary: "Every lottery on sale, its next draw and jackpot in the caller's currency",
    query: currencyQuerySchema,
    answer: lottoAvailableSchema,
    access: 'visitor-or-player',
    idempotent: false,
    cache: NO_STORE,
  }),
  results: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/api/v3/lotto/results',
    summary: "Each lottery's last drawn draw, in the caller's currency",
    query: currencyQuerySchema,
    answer: drawsSchema,
    access: 'visitor-or-player',
    idempotent: false,
    cache: NO_STORE,
  }),
  draws: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/api/v3/lotto/:code/draws',
    summary: "A lottery's latest draws, newest first (the open one first)",
    params: z.object({ code: z.string().check(z.maxLength(40)) }),
    query: currencyQuerySchema,
    answer: drawsSchema,
    refusals: { 404: 'No lottery of that code' },
    access: 'visitor-or-player',
    idempotent: false,
    cache: NO_STORE,
  }),
  tickets: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/api/v3/lotto/tickets',
    summary: "The player's tickets, newest first",
    answer: ticketsSchema,
    access: 'player',
    idempotent: false,
    cache: NO_STORE,
  }),
  buyTicket: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: '/api/v3/lotto/tickets',
    summary: 'Buy a ticket for the next draw; the price comes off the balance',
    body: buyTicketSchema,
    answer: ticketSchema,
    access: 'player',
    idempotent: true,
    cache: NO_STORE,
  }),
};
