import { z } from 'zod/mini';
import { idParamsSchema, noBodySchema } from '../bounds.ts';
import { endpoint, NO_STORE } from '../endpoints.ts';
import { WEB_API_BASE } from '../http.ts';
import { PRIZE_KINDS } from './content.ts';

const decimal = z.string().check(z.regex(/^\d+(\.\d+)?$/));

export const promoCreditSchema = z.object({
  id: z.int(),
  kind: z.enum(PRIZE_KINDS),
  amount: decimal,
  currencyCode: z.string(),
  /** Unix seconds. */
  creditedAt: z.int(),
  /** Why: 'cover' (risk-free bet), 'one-leg' (double chance), 'week' (loss refund), 'step', 'claim'. */
  reason: z.enum(['cover', 'one-leg', 'week', 'step', 'claim']),
  /** The refunded week's Monday (unix seconds), for a loss refund. */
  weekOf: z.nullable(z.int()),
});
export type PromoCredit = z.infer<typeof promoCreditSchema>;

/** The running Monday-to-Sunday week of a loss refund, in the player's currency. */
export const refundWeekSchema = z.object({
  from: z.int(),
  to: z.int(),
  staked: decimal,
  returned: decimal,
  netLoss: decimal,
  /** What the week would return if it ended now (percent of the net loss, up to the maximum). */
  refund: decimal,
  currencyCode: z.string(),
});
export type RefundWeek = z.infer<typeof refundWeekSchema>;

export const promoCreditsSchema = z.object({
  /** Risk-free bet: the first qualifying single is still to come, lost (refunded) or won. */
  cover: z.nullable(z.enum(['open', 'refunded', 'won'])),
  /** Loss refund: this week so far. */
  week: z.nullable(refundWeekSchema),
  /** Verification reward: whether the account is verified, and whether the reward was taken. */
  identity: z.nullable(z.object({ verified: z.boolean(), claimed: z.boolean() })),
  /** Newest first. */
  items: z.array(promoCreditSchema),
});
export type PromoCredits = z.infer<typeof promoCreditsSchema>;

const creditsCall = { base: WEB_API_BASE, params: idParamsSchema(), cache: NO_STORE } as const;

/**
 * What the settled-bets mechanics (risk-free bet, double chance, weekly loss refund, verification
 * reward) credited a player, and where the player stands. Read by the promotion page.
 */
export const PROMO_CREDIT_ENDPOINTS = {
  credits: endpoint({
    ...creditsCall,
    method: 'GET',
    path: '/api/web/promotions/:id/credits',
    summary: 'What the promotion credited the player, and where the player stands',
    answer: promoCreditsSchema,
    access: 'player',
    idempotent: false,
  }),
  claim: endpoint({
    ...creditsCall,
    method: 'POST',
    path: '/api/web/promotions/:id/claim',
    summary: 'Takes a reward the player has unlocked (the verification reward), once per account',
    body: noBodySchema(),
    answer: promoCreditsSchema,
    access: 'player',
    idempotent: true,
  }),
} as const;
