import { z } from 'zod/mini';
import { currencyCodeSchema, dbIdParamSchema, dbIdSchema, queryIntSchema } from './bounds.ts';
import { endpoint, NO_STORE } from './endpoints.ts';
import { OPERATOR_API_BASE } from './promotions/feed.ts';
import type { StaffRole } from './staff.ts';

/**
 * Player support in the console (issue 42, items 3 and 4; decision 049): staff look a player up and
 * see their money and promotion history; money is corrected by an adjustment that one member
 * requests and another approves (four eyes) before it moves anything.
 */

/** Who may look players up: support, and the publishers and admins who approve adjustments. */
export const SUPPORT_ROLES: readonly StaffRole[] = ['support', 'publisher', 'admin'];
/** Who may approve or reject an adjustment (never the member who requested it). */
export const APPROVER_ROLES: readonly StaffRole[] = ['publisher', 'admin'];
/** Audit entities that name players: only SUPPORT_ROLES read their entries. */
export const PLAYER_AUDIT_ENTITIES: readonly string[] = ['player', 'adjustment'];
/** Who sees a player's login and the ids that lead to them unmasked. */
export const UNMASKED_ROLES: readonly StaffRole[] = ['admin'];

const unixS = z.int();
const decimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

/** A look-up: a player's exact login or numeric id (support has no prefix search: no browsing players). */
export const playerSearchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
});

/** A player as a search finds them; the login masked unless the role may see it. */
export const playerHitSchema = z.object({
  id: z.int(),
  login: z.string(),
  countryCode: z.string(),
  createdAt: unixS,
  verified: z.boolean(),
});
export type PlayerHit = z.infer<typeof playerHitSchema>;

export const accountRowSchema = z.object({
  currencyCode: z.string(),
  balance: decimal,
  active: z.boolean(),
});

/**
 * What moved money (the ledger's `kind`). `opening`: an account's first balance; `lotto_ticket` /
 * `lotto_win`: a ticket's price and its winnings (reference: the ticket's id); `wheel_prize`: a
 * wheel spin's cash (the spin's id); `promo_cash`: a mechanic's cash credit from the operator feed
 * (the promo credit's id); `cash_credit`: cash whose caller named no cause; `adjustment`: an
 * approved adjustment (its id).
 */
export const LEDGER_KINDS = [
  'opening',
  'lotto_ticket',
  'lotto_win',
  'wheel_prize',
  'promo_cash',
  'cash_credit',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerRowSchema = z.object({
  id: z.int(),
  at: unixS,
  currencyCode: z.string(),
  /** Signed: a debit is negative. */
  amount: decimal,
  /** The account's balance after it: the running balance. */
  balanceAfter: decimal,
  kind: z.enum(LEDGER_KINDS),
  reference: z.nullable(z.string()),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

export const creditRowSchema = z.object({
  id: z.int(),
  at: unixS,
  promotion: z.string(),
  occasion: z.string(),
  kind: z.string(),
  amount: decimal,
  currencyCode: z.string(),
  /** Paid: a positive amount was credited; none: the occasion passed without a prize. */
  state: z.enum(['paid', 'none']),
});

export const spinRowSchema = z.object({
  id: z.int(),
  at: unixS,
  promotion: z.string(),
  segment: z.int(),
  prize: z.object({ kind: z.string(), amount: z.string(), currencyCode: z.string() }),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.int(),
  /** The server's own check of the proof: sha256(serverSeed) is the hash, and the HMAC picks the segment. */
  proofHolds: z.boolean(),
});

export const ticketRowSchema = z.object({
  id: z.int(),
  at: unixS,
  lottery: z.string(),
  drawAt: unixS,
  kind: z.string(),
  price: decimal,
  currencyCode: z.string(),
  /** Null until the draw has a result. */
  won: z.nullable(decimal),
  lines: z.array(z.object({ main: z.array(z.int()), bonus: z.array(z.int()) })),
});

export const settlementRowSchema = z.object({
  id: z.int(),
  /** The operator's id of the item, masked unless the role may see it. */
  externalId: z.string(),
  kind: z.string(),
  settledAt: unixS,
  stake: decimal,
  payout: decimal,
  currencyCode: z.string(),
  /** The promotions it counted for (a credit or a jackpot ticket it made). */
  countedFor: z.array(z.string()),
});

export const signInRowSchema = z.object({
  /** A site session or a mobile app's sign-in token. */
  via: z.enum(['site', 'app']),
  at: unixS,
  /** When it ended (signed out or revoked); null while it may still be used. */
  endedAt: z.nullable(unixS),
  expiresAt: z.nullable(unixS),
});

export const ADJUSTMENT_STATES = ['pending', 'applied', 'rejected'] as const;

/**
 * What an adjustment asks: a credit (positive) or debit (negative) of one of the player's accounts,
 * or of one of their promotion credits.
 */
export const adjustmentRequestSchema = z.object({
  currencyCode: currencyCodeSchema(),
  /** Signed, not zero; the console's messages word what is wrong (no message of its own here). */
  amount: z.string().check(z.regex(/^-?(?!0+(?:\.0+)?$)\d{1,9}(?:\.\d{1,8})?$/)),
  reason: z.string().check(z.trim(), z.minLength(5), z.maxLength(500)),
  /**
   * A promotion credit of the player to adjust (its amount moves by `amount`, in its currency);
   * a cash credit's account moves with it. Left out: the account alone.
   */
  creditId: z.optional(dbIdSchema()),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

export const adjustmentDecisionSchema = z.object({
  approve: z.boolean(),
  /** Why it is rejected (required then); a note when it is approved. */
  note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});
export type AdjustmentDecision = z.infer<typeof adjustmentDecisionSchema>;

export const adjustmentSchema = z.object({
  id: z.int(),
  playerId: z.int(),
  playerLogin: z.string(),
  currencyCode: z.string(),
  amount: decimal,
  reason: z.string(),
  /** The promotion credit it adjusts, if any: its promotion and kind. */
  credit: z.nullable(z.object({ id: z.int(), promotion: z.string(), kind: z.string() })),
  state: z.enum(ADJUSTMENT_STATES),
  requestedBy: z.string(),
  requestedAt: unixS,
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(unixS),
  note: z.nullable(z.string()),
  /** The ledger entry an approval made. */
  ledgerEntryId: z.nullable(z.int()),
  /** The account's balance after it, once applied. */
  balanceAfter: z.nullable(decimal),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const playerViewSchema = z.object({
  player: playerHitSchema,
  accounts: z.array(accountRowSchema),
  /** The newest entries first (up to 200), each with the balance it left. */
  ledger: z.array(ledgerRowSchema),
  credits: z.array(creditRowSchema),
  spins: z.array(spinRowSchema),
  tickets: z.array(ticketRowSchema),
  settlements: z.array(settlementRowSchema),
  signIns: z.array(signInRowSchema),
  adjustments: z.array(adjustmentSchema),
  /** Whether the login and ids are masked for the caller's role. */
  masked: z.boolean(),
});
export type PlayerView = z.infer<typeof playerViewSchema>;

/** Why a member needs a masked player's login (the audit log keeps it). */
export const revealRequestSchema = z.object({ reason: z.string().check(z.trim(), z.minLength(5), z.maxLength(300)) });
export type RevealRequest = z.infer<typeof revealRequestSchema>;

export const adjustmentListQuerySchema = z.object({
  state: z.optional(z.enum(ADJUSTMENT_STATES)),
  /** The `next` of the previous page. */
  after: z.optional(dbIdParamSchema()),
  size: queryIntSchema(1, 200, 50),
});

const supportCall = { base: OPERATOR_API_BASE, access: 'operator', cache: NO_STORE } as const;
const roleRefusals = {
  401: 'No staff session or operator key (error staff_session)',
  403: "The caller's role may not do this (forbidden_role), an operator key (staff_only: player support is for people), or a console write without X-Requested-With (csrf)",
} as const;
const playerParams = z.object({ id: dbIdParamSchema() });

export const SUPPORT_ENDPOINTS = {
  playerSearch: endpoint({
    ...supportCall,
    idempotent: false,
    roles: SUPPORT_ROLES,
    method: 'GET',
    path: '/players',
    summary: 'Finds a player by exact login or id (audited); the login is masked unless the role may see it',
    query: playerSearchQuerySchema,
    answer: z.object({ items: z.array(playerHitSchema) }),
    refusals: { 400: 'No query, or one too long (invalid_param)', ...roleRefusals },
  }),
  player: endpoint({
    ...supportCall,
    idempotent: false,
    roles: SUPPORT_ROLES,
    method: 'GET',
    path: '/players/:id',
    summary:
      "A player's support view (audited): accounts, ledger with running balance, promotion credits, wheel spins with their proof, lottery tickets, settled items, sign-ins and adjustments",
    params: playerParams,
    answer: playerViewSchema,
    refusals: { 404: 'No such player (player_not_found)', ...roleRefusals },
  }),
  playerReveal: endpoint({
    ...supportCall,
    idempotent: false,
    roles: SUPPORT_ROLES,
    method: 'POST',
    path: '/players/:id/reveal',
    summary:
      "A masked player's login and operator ids, for a reason the audit log keeps: what a role that sees them masked reads when the case needs them",
    params: playerParams,
    body: revealRequestSchema,
    answer: z.object({ login: z.string(), settlementIds: z.array(z.object({ id: z.int(), externalId: z.string() })) }),
    refusals: {
      400: 'No reason, or one too long (invalid_body)',
      404: 'No such player (player_not_found)',
      ...roleRefusals,
    },
  }),
  adjustmentRequest: endpoint({
    ...supportCall,
    idempotent: true,
    roles: SUPPORT_ROLES,
    method: 'POST',
    path: '/players/:id/adjustments',
    summary:
      'Requests a credit or debit of one of the player’s accounts, with a reason; nothing moves until another member approves it. Idempotency-Key: a repeat answers the first request',
    params: playerParams,
    body: adjustmentRequestSchema,
    answer: adjustmentSchema,
    status: 201,
    refusals: {
      400: 'A field breaks its rule (invalid_body), more decimals than the currency has (amount_precision), or no Idempotency-Key (idempotency_key_required)',
      404: 'No such player (player_not_found), or no such promotion credit of the player (credit_not_found)',
      409: 'The player has no account in that currency (player_no_account), or the credit is in another currency (credit_currency)',
      422: 'The Idempotency-Key was used for another request (key_reused)',
      ...roleRefusals,
    },
  }),
  adjustments: endpoint({
    ...supportCall,
    idempotent: false,
    roles: SUPPORT_ROLES,
    method: 'GET',
    path: '/adjustments',
    summary:
      'Adjustments by state, a page at a time (audited): the approval queue (pending) oldest first, the others newest first',
    query: adjustmentListQuerySchema,
    answer: z.object({ items: z.array(adjustmentSchema), next: z.nullable(z.int()) }),
    refusals: { 400: 'A malformed filter (invalid_param)', ...roleRefusals },
  }),
  adjustmentDecide: endpoint({
    ...supportCall,
    idempotent: true,
    roles: APPROVER_ROLES,
    method: 'POST',
    path: '/adjustments/:id/decision',
    summary:
      'Approves (the ledger entry is written and the balance moves, once) or rejects a pending adjustment; never by the member who requested it. Idempotency-Key: the same decision sent again answers the first',
    params: z.object({ id: dbIdParamSchema() }),
    body: adjustmentDecisionSchema,
    answer: adjustmentSchema,
    refusals: {
      400: 'A field breaks its rule (invalid_body), a rejection without a note (note_required), or no Idempotency-Key',
      404: 'No such adjustment (adjustment_not_found)',
      409: 'Already decided (adjustment_decided), the requester deciding (four_eyes), a debit larger than the balance (insufficient_balance) or the credit (credit_below_zero)',
      ...roleRefusals,
    },
  }),
} as const;
