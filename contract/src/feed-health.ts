import { z } from 'zod/mini';
import { queryIntSchema } from './bounds.ts';
import { endpoint, NO_STORE } from './endpoints.ts';
import { ledgerCheckSchema, OPERATOR_API_BASE } from './promotions/feed.ts';
import type { StaffRole } from './staff.ts';

/**
 * Feed health (issue 42, item 5): how the operator feed is doing, for the console's "Feed health"
 * page. A source is a caller of the settlements post (an operator key, `key:<label>`, or a staff
 * login) with the kind of item it posted (bet or round).
 */

/** Support watches the feed, publishers depend on it, admins run it; editors write texts and see no money. */
export const FEED_HEALTH_ROLES: readonly StaffRole[] = ['support', 'publisher', 'admin'];
/** How many of the latest refusals the answer lists. */
export const FEED_REFUSALS_LISTED = 10;
/** The longest window the page may ask for (minutes). */
export const FEED_HEALTH_MAX_MINUTES = 180;

const unixS = z.int();
const count = z.int().check(z.gte(0));

export const feedHealthQuerySchema = z.object({
  /** The window: the last this many minutes, one bucket each. */
  minutes: queryIntSchema(5, FEED_HEALTH_MAX_MINUTES, 60),
});

export const feedRefusalSchema = z.object({
  at: unixS,
  code: z.string(),
  status: z.int(),
  caller: z.string(),
  items: count,
});
export type FeedRefusal = z.infer<typeof feedRefusalSchema>;

export const feedSourceSchema = z.object({
  caller: z.string(),
  kind: z.enum(['bet', 'round']),
  /** When its last item arrived (Unix seconds). */
  at: unixS,
  /** The operator's id of that item, and when it settled. */
  externalId: z.string(),
  settledAt: unixS,
  /** Items it has posted in all. */
  items: count,
});
export type FeedSource = z.infer<typeof feedSourceSchema>;

export const feedHealthSchema = z.object({
  /** When the answer was made (Unix seconds). */
  now: unixS,
  minutes: z.int(),
  /** One bucket per minute of the window, oldest first; a minute with nothing is 0. */
  perMinute: z.array(z.object({ at: unixS, items: count })),
  totals: z.object({ items: count, refusedBatches: count, refusedItems: count }),
  /** The window's refusals by code (most first), and the latest few. */
  refusals: z.object({
    byCode: z.array(z.object({ code: z.string(), batches: count, items: count, lastAt: unixS })),
    latest: z.array(feedRefusalSchema),
  }),
  /** Every source's last item, the latest first. */
  sources: z.array(feedSourceSchema),
  ledger: ledgerCheckSchema,
});
export type FeedHealth = z.infer<typeof feedHealthSchema>;

export const FEED_HEALTH_ENDPOINTS = {
  feedHealth: endpoint({
    base: OPERATOR_API_BASE,
    access: 'operator',
    idempotent: false,
    cache: NO_STORE,
    roles: FEED_HEALTH_ROLES,
    method: 'GET',
    path: '/feed/health',
    summary:
      "The settlement feed's health: items per minute over the window, refused posts by code and the latest of them, each source's last item, and the ledger check",
    query: feedHealthQuerySchema,
    answer: feedHealthSchema,
    refusals: {
      400: 'A malformed window (invalid_param)',
      401: 'No staff session or operator key (error staff_session)',
      403: "The caller's role may not do this (forbidden_role)",
    },
  }),
} as const;
