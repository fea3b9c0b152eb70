import { z } from 'zod/mini';
import { idParamsSchema } from '../bounds.ts';
import { endpoint, NO_STORE } from '../endpoints.ts';
import { WEB_API_BASE } from '../http.ts';
import { PRIZE_KINDS } from './content.ts';
import { previewQuerySchema } from './preview.ts';

/** Collectibles in a set, spots on a day's board, spots a player may open a day, spots hiding one. */
export const HUNT_SET_SIZE = 6;
export const HUNT_SPOTS = 9;
export const HUNT_SEARCHES_PER_DAY = 3;
export const HUNT_HIDDEN_PER_DAY = 3;

const collectible = z.int().check(z.gte(0), z.lt(HUNT_SET_SIZE));
const prize = z.object({
  kind: z.enum(PRIZE_KINDS),
  amount: z.string(),
  currencyCode: z.string(),
});

/** POST hunt/search: the spot the player opens on today's board. */
export const huntSearchSchema = z.object({ spot: z.int().check(z.gte(0), z.lt(HUNT_SPOTS)) });

export const huntProgressSchema = z.object({
  /** UTC day of the board, YYYY-MM-DD. */
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** Today's board: a spot not opened yet shows nothing of what it hides. */
  spots: z.array(z.object({ opened: z.boolean(), collectible: z.nullable(collectible) })),
  searchesLeft: z.int().check(z.nonnegative()),
  /** Distinct collectibles the player holds, ascending. */
  collected: z.array(collectible),
  /** Unix seconds of the next day's board. */
  nextAt: z.int(),
  completion: z.nullable(z.object({ place: z.int(), completedAt: z.int(), prize: z.nullable(prize) })),
});
export type HuntProgress = z.infer<typeof huntProgressSchema>;

/** GET hunt: the set, how many have completed it and, for a player, their board and album. */
export const huntBoardSchema = z.object({
  promoId: z.int(),
  setSize: z.int().check(z.positive()),
  status: z.enum(['upcoming', 'active', 'ended']),
  completedCount: z.int().check(z.nonnegative()),
  me: z.nullable(huntProgressSchema),
});
export type HuntBoard = z.infer<typeof huntBoardSchema>;

/** POST hunt/search answer: what the spot held (null: nothing) and the board after it. */
export const huntSearchResultSchema = z.object({
  spot: z.int(),
  found: z.nullable(collectible),
  /** The player already held the collectible found. */
  duplicate: z.boolean(),
  /** This search completed the set. */
  completed: z.boolean(),
  board: huntBoardSchema,
});
export type HuntSearchResult = z.infer<typeof huntSearchResultSchema>;

const huntCall = { base: WEB_API_BASE, params: idParamsSchema(), cache: NO_STORE } as const;

/**
 * Collection hunt (the hunt template): every UTC day a player opens a few of the spots of a
 * board the server filled for them; some hide one of the set's collectibles. Whoever holds every
 * collectible of the set has completed the hunt; places follow the order of completion.
 */
export const HUNT_ENDPOINTS = {
  board: endpoint({
    ...huntCall,
    method: 'GET',
    path: '/api/web/promotions/:id/hunt',
    summary: "The hunt's set and completions; for a player also today's board and their album",
    query: previewQuerySchema,
    answer: huntBoardSchema,
    access: 'visitor-or-player',
    idempotent: false,
  }),
  search: endpoint({
    ...huntCall,
    method: 'POST',
    path: '/api/web/promotions/:id/hunt/search',
    summary: "Opens one spot of today's board",
    body: huntSearchSchema,
    answer: huntSearchResultSchema,
    access: 'player',
    idempotent: true,
  }),
} as const;
