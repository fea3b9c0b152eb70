import { z } from 'zod/mini';
import { PRIZE_KINDS } from './content.ts';

/**
 * A weekly jackpot (jackpot-of-week): every qualifying settled bet of the week is a ticket in its
 * draw; the jackpot is the promotion's base plus a share of the week's qualifying stakes. Draws use
 * a secret seed committed (its hash published) while tickets come in and revealed once drawn.
 * Its endpoint is LUCKY_DAY_ENDPOINTS.jackpot (lucky-day.ts).
 */

/** Draws shown: the open one and the last three. */
export const JACKPOT_DRAWS_SHOWN = 4;
/** Winners listed per drawn week. */
export const JACKPOT_WINNERS_SHOWN = 10;

const decimal = z.string().check(z.regex(/^\d+(\.\d+)?$/));
const money = z.object({ amount: decimal, currencyCode: z.string() });

export const jackpotDrawSchema = z.object({
  /** Unix seconds. */
  drawAt: z.int(),
  status: z.enum(['open', 'drawn']),
  jackpot: money,
  tickets: z.int().check(z.nonnegative()),
  /** The player's tickets in this draw; null for a visitor. */
  mine: z.nullable(z.int().check(z.nonnegative())),
  /** The player's place once drawn (the best of the player's tickets); null if none. */
  myPlace: z.nullable(z.int().check(z.positive())),
  seedHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  seed: z.nullable(z.string()),
  winners: z.array(
    z.object({
      place: z.int().check(z.positive()),
      name: z.string(),
      isMe: z.boolean(),
      prize: z.object({ kind: z.enum(PRIZE_KINDS), amount: decimal, currencyCode: z.string() }),
    }),
  ),
});
export type JackpotDraw = z.infer<typeof jackpotDrawSchema>;

/** GET jackpot?currency: the open draw first, then the last drawn weeks. */
export const weeklyJackpotSchema = z.object({ draws: z.array(jackpotDrawSchema) });
export type WeeklyJackpot = z.infer<typeof weeklyJackpotSchema>;
