import { z } from 'zod/mini';
import { currencyCodeSchema, dbIdParamSchema, dbIdSchema, idParamsSchema } from '../bounds.ts';
import { endpoint, NO_STORE } from '../endpoints.ts';
import { WEB_API_BASE } from '../http.ts';
import { sha256Hex } from '../sha256.ts';
import { PRIZE_KINDS } from './content.ts';
import { weeklyJackpotSchema } from './jackpot.ts';
import { luckyChanceAnswerSchema, luckyChanceFormSchema } from './popups.ts';
import { previewQuerySchema, previewQueryShape } from './preview.ts';

/** The daily draw runs at this UTC hour; tickets for a day are taken until then. */
export const LUCKY_DAY_DRAW_HOUR_UTC = 20;
/** Lucky numbers a player may pick. */
export const LUCKY_NUMBER_MIN = 1;
export const LUCKY_NUMBER_MAX = 999_999;

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const prize = z.object({
  kind: z.enum(PRIZE_KINDS),
  amount: z.string(),
  currencyCode: z.string(),
});

/** POST ticket: the player's lucky number in today's draw of a promotion. */
export const takeTicketSchema = z.object({
  promoId: dbIdSchema(),
  ticketId: z.int().check(z.gte(LUCKY_NUMBER_MIN), z.lte(LUCKY_NUMBER_MAX)),
});

/** Spec 4 ticket notification states. */
export const TICKET_STATES = ['pending', 'win', 'loss'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export const luckyTicketSchema = z.object({
  ticketId: z.int(),
  day,
  state: z.enum(TICKET_STATES),
  place: z.nullable(z.int()),
  prize: z.nullable(prize),
});
export type LuckyTicket = z.infer<typeof luckyTicketSchema>;

/** GET lucky-day-ticket?date_draw&promo_id: the player's tickets of one day's draw. */
export const luckyTicketsSchema = z.object({ day, tickets: z.array(luckyTicketSchema) });
export type LuckyTickets = z.infer<typeof luckyTicketsSchema>;

/** GET lucky-day-draw?date_draw&promo_id: one day's draw, its winners once drawn. */
export const luckyDrawSchema = z.object({
  promoId: z.int(),
  day,
  /** Unix seconds. */
  drawAt: z.int(),
  status: z.enum(['open', 'drawn']),
  tickets: z.int().check(z.nonnegative()),
  /** sha256 of the draw's secret seed, published before tickets are sold. */
  seedHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  /** The seed, once drawn: tickets rank by sha256(seed:number), lowest first. */
  seed: z.nullable(z.string()),
  winners: z.array(z.object({ place: z.int(), ticketId: z.int(), name: z.string(), isMe: z.boolean(), prize })),
});
export type LuckyDraw = z.infer<typeof luckyDrawSchema>;

/** GET betseries/table: prizes by the length of a winning streak, and the player's streak. */
export const betSeriesTableSchema = z.object({
  steps: z.array(z.object({ wins: z.int().check(z.positive()), prize })),
  progress: z.nullable(z.object({ current: z.int().check(z.nonnegative()), best: z.int().check(z.nonnegative()) })),
});
export type BetSeriesTable = z.infer<typeof betSeriesTableSchema>;

/** A ticket's rank in a drawn day: sha256(seed:number) as hex, lowest first. */
export const ticketRank = (seed: string, ticketId: number): Promise<string> => sha256Hex(`${seed}:${ticketId}`);

/**
 * True when a drawn day's revealed seed matches the hash published before the draw and its winners
 * stand in the order of their ranks under that seed.
 */
export async function verifyDraw(draw: Pick<LuckyDraw, 'seed' | 'seedHash' | 'winners'>): Promise<boolean> {
  const { seed } = draw;
  if (seed === null || (await sha256Hex(seed)) !== draw.seedHash) return false;
  const ranks = await Promise.all(draw.winners.map((winner) => ticketRank(seed, winner.ticketId)));
  return ranks.every((rank, i) => i === 0 || (ranks[i - 1] ?? '') < rank);
}

/** The lucky-day promotion that the spec's draw paths leave unnamed: luckyday (116) by default. */
const DEFAULT_LUCKY_DAY = 116;
/**
 * lucky-day-draw's and lucky-day-ticket's query: a draw's day (one of the calendar: 2025-02-30 is
 * refused; unnamed, today's or the run's nearest) and promotion.
 */
const drawQueryShape = {
  date_draw: z.optional(z.iso.date()),
  promo_id: z._default(dbIdParamSchema(), DEFAULT_LUCKY_DAY),
};

const luckyCall = { base: WEB_API_BASE, cache: NO_STORE, idempotent: false } as const;
const LUCKY_CHANCE = '/landing/LuckyChanceForm';

/**
 * Spec 7 lucky day (its draws, the player's tickets, taking a ticket), the bet-series table, the
 * weekly jackpot and the LuckyChanceForm score forecast.
 */
export const LUCKY_DAY_ENDPOINTS = {
  draw: endpoint({
    ...luckyCall,
    method: 'GET',
    path: '/api/v3/promotions/lucky-day-draw',
    summary: "One day's draw of a lucky-day promotion, its winners once drawn (the player's marked)",
    query: z.object({ ...drawQueryShape, ...previewQueryShape }),
    answer: luckyDrawSchema,
    access: 'visitor-or-player',
  }),
  tickets: endpoint({
    ...luckyCall,
    method: 'GET',
    path: '/api/v3/promotions/lucky-day-ticket',
    summary: "The player's tickets in one day's draw: pending until the draw, then win or loss",
    query: z.object(drawQueryShape),
    answer: luckyTicketsSchema,
    access: 'player',
  }),
  takeTicket: endpoint({
    ...luckyCall,
    method: 'POST',
    path: '/external-api/promotions/ticket',
    summary: "Takes the player's lucky number in today's draw",
    body: takeTicketSchema,
    answer: luckyTicketsSchema,
    access: 'player',
    idempotent: true,
  }),
  betSeries: endpoint({
    ...luckyCall,
    method: 'GET',
    path: '/api/web/promotions/:id/betseries/table',
    summary: "A bet series' prizes by the length of a winning streak, and the player's streak",
    params: idParamsSchema(),
    query: previewQuerySchema,
    answer: betSeriesTableSchema,
    access: 'visitor-or-player',
  }),
  jackpot: endpoint({
    ...luckyCall,
    method: 'GET',
    path: '/api/web/promotions/:id/jackpot',
    summary: "The weekly jackpot's open draw and last weeks, in the player's currency (a visitor's asked one)",
    params: idParamsSchema(),
    query: z.object({ currency: z.optional(currencyCodeSchema()), ...previewQueryShape }),
    answer: weeklyJackpotSchema,
    access: 'visitor-or-player',
  }),
  luckyChance: endpoint({
    ...luckyCall,
    method: 'GET',
    path: LUCKY_CHANCE,
    summary: "The player's score forecast of a promotion's featured match, or null",
    query: z.object({ promoId: dbIdParamSchema() }),
    answer: luckyChanceAnswerSchema,
    access: 'player',
  }),
  forecast: endpoint({
    ...luckyCall,
    method: 'POST',
    path: LUCKY_CHANCE,
    summary: "Records the player's score forecast of the featured match, once per promotion",
    body: luckyChanceFormSchema,
    answer: luckyChanceAnswerSchema,
    access: 'player',
    idempotent: true,
  }),
} as const;
