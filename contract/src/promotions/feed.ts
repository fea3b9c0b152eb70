import { z } from 'zod/mini';
import { dbIdSchema, idParamsSchema, slugSchema } from '../bounds.ts';
import { endpoint, NO_STORE } from '../endpoints.ts';

/**
 * The operator feed: the sports book and the casino live on the host site, so the reference server
 * learns of settled bets and game rounds from the operator, who posts them here. Every standing,
 * streak and refund is computed from what this feed brings.
 */
export const OPERATOR_API_BASE = '/operator-api/v1';
export const identityUpdateSchema = z.object({ verified: z.boolean() });
export type IdentityUpdate = z.infer<typeof identityUpdateSchema>;

/**
 * POST players: a player the operator creates (a test or demo player) with a sign-in, a country and
 * its accounts, each opened with its balance; exactly one account is active. An app token, when
 * given, signs the player in inside the mobile app.
 */
export const newPlayerSchema = z.object({
  login: z.string().check(z.regex(/^[a-z0-9][a-z0-9._-]{2,63}$/)),
  password: z.string().check(z.minLength(8), z.maxLength(128)),
  countryCode: z.string().check(z.regex(/^[A-Z]{2}$/)),
  countryId: z.int().check(z.positive(), z.lte(1000)),
  accounts: z
    .array(
      z.object({
        currencyCode: z.string().check(z.minLength(3), z.maxLength(5)),
        amount: z.string().check(z.regex(/^\d{1,12}(\.\d{1,8})?$/)),
        active: z.boolean(),
      }),
    )
    .check(
      z.minLength(1),
      z.maxLength(10),
      z.refine(
        (accounts) => accounts.filter((account) => account.active).length === 1,
        'exactly one account is active',
      ),
      z.refine(
        (accounts) => new Set(accounts.map((account) => account.currencyCode)).size === accounts.length,
        'one account per currency',
      ),
    ),
  appToken: z.optional(z.string().check(z.minLength(16), z.maxLength(200))),
});
export type NewPlayerRequest = z.infer<typeof newPlayerSchema>;
export const createdPlayerSchema = z.object({ playerId: z.int(), login: z.string() });
/** The operator's key, sent as `Authorization: Bearer <key>`. */
export const OPERATOR_KEY_HEADER = 'authorization';
/** At most this many settlements in one post. */
export const SETTLEMENTS_MAX_BATCH = 100;

export const ROUND_CATEGORIES = ['slots', 'crash', 'fast-games', 'live', 'table'] as const;
export const FEED_BET_TYPES = ['single', 'accumulator', 'system'] as const;

const money = z.string().check(z.regex(/^\d{1,12}(\.\d{1,8})?$/));
const slug = slugSchema();

const common = {
  /** The operator's own id of the bet or round: a settlement posted twice counts once. */
  id: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9:_.-]{0,63}$/)),
  /** The site's user id of the player. */
  playerId: z.int().check(z.positive(), z.lt(2 ** 31)),
  /** When it was settled, ISO 8601 with an offset. */
  settledAt: z.iso.datetime({ offset: true }),
  /** The currency of stake and payout: one of the site's currencies. */
  currency: z.string().check(z.regex(/^[A-Za-z]{3,4}$/)),
  stake: money,
  /** What was paid back (0 for a loss; stake for a void bet). */
  payout: money,
};

export const settledBetSchema = z.object({
  ...common,
  kind: z.literal('bet'),
  /** Spec 3 sport id (of every leg, for an accumulator on one sport; else the first leg's). */
  sportId: dbIdSchema(),
  /** The competition, as the promotions name it ("champions", "nba"); optional. */
  competition: z.optional(slug),
  betType: z.enum(FEED_BET_TYPES),
  /** Selections: 1 for a single. */
  legs: z.int().check(z.gte(1), z.lte(30)),
  /** Total decimal odds. */
  odds: z.string().check(z.regex(/^\d{1,6}(\.\d{1,3})?$/)),
  /** The lowest odds among the selections (an accumulator's "each at odds of ... or more"). */
  minLegOdds: z.optional(z.string().check(z.regex(/^\d{1,6}(\.\d{1,3})?$/))),
  /** Selections that lost (an accumulator with one lost leg is a double-chance case). */
  lostLegs: z.optional(z.int().check(z.gte(0), z.lte(30))),
});

export const gameRoundSchema = z.object({
  ...common,
  kind: z.literal('round'),
  /** The game's slug in the casino catalogue (its collections count too). */
  game: slug,
  category: z.enum(ROUND_CATEGORIES),
});

export const settlementSchema = z.discriminatedUnion('kind', [settledBetSchema, gameRoundSchema]);
export type Settlement = z.infer<typeof settlementSchema>;
export type SettledBet = z.infer<typeof settledBetSchema>;
export type GameRound = z.infer<typeof gameRoundSchema>;

export const settlementBatchSchema = z.object({
  items: z.array(settlementSchema).check(z.minLength(1), z.maxLength(SETTLEMENTS_MAX_BATCH)),
});
export type SettlementBatch = z.infer<typeof settlementBatchSchema>;

/** The answer: how many were new, how many had been posted before, and the promotions they moved. */
export const settlementReceiptSchema = z.object({
  accepted: z.int().check(z.nonnegative()),
  duplicates: z.int().check(z.nonnegative()),
  promotions: z.array(z.int()),
});
export type SettlementReceipt = z.infer<typeof settlementReceiptSchema>;

/** PUT players/{id}/identity: the player's identity check, and since when (unix seconds). */
export const identityAnswerSchema = z.object({
  playerId: z.int(),
  verified: z.boolean(),
  verifiedAt: z.nullable(z.int()),
});

const decimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
/** GET ledger/check: whether every account's balance is the sum of its ledger entries. */
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  /** Accounts checked. */
  accounts: z.int(),
  mismatches: z.array(
    z.object({
      /** Null: entries of a player and currency without an account. */
      accountId: z.nullable(z.int()),
      userId: z.int(),
      currencyCode: z.string(),
      /** The account's balance. */
      balance: z.nullable(decimal),
      /** The sum of the account's entries. */
      ledger: decimal,
      entries: z.int(),
      /** The first entry whose balance after is not the running sum of the entries up to it. */
      brokenEntryId: z.nullable(z.int()),
    }),
  ),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

const count = z.int().check(z.gte(0));
/** GET server/renders: this server process's page renders since it started (decision 039). */
export const serverRendersSchema = z.object({
  /** Renders that finished in time. */
  rendered: count,
  /** Pages sent for the browser to render, by reason. */
  shell: z.object({ queue_full: count, time_limit: count, failed: count }),
  waiting: count,
  running: count,
  limits: z.object({ queueMax: count, timeLimitMs: count }),
  /** The kept pages (decision 044): hits, renders (misses), and renders per key since the last content change. */
  pageCache: z.object({
    /** Off while content changes cannot be heard: then every page is rendered. */
    live: z.boolean(),
    entries: count,
    bytes: count,
    limits: z.object({ enabled: z.boolean(), maxEntries: count, maxBytes: count, maxAgeMs: count }),
    hits: count,
    renders: count,
    /** Requests that waited for another request's render of the same page. */
    joined: count,
    notKept: count,
    /** Content changes heard (and gaps in hearing them); the kept pages they dropped (decision 044). */
    invalidations: count,
    dropped: count,
    keysRendered: count,
    maxRendersPerKey: count,
    rendersByKey: z.array(z.object({ key: z.string(), renders: count })),
  }),
});
export type ServerRenders = z.infer<typeof serverRendersSchema>;

const keyRefusals = {
  401: 'Operator key or staff session missing or wrong (error operator_key)',
  403: "The key's or staff member's role may not do this (forbidden_role)",
  503: 'The server has no operator key configured (feed_disabled)',
} as const;
const operatorCall = { base: OPERATOR_API_BASE, access: 'operator', idempotent: false, cache: NO_STORE } as const;

/**
 * The operator API: settled bets and game rounds come in here (the sports book and the casino are
 * the host's), players are made and verified, and the ledger and the server's renders are checked.
 * Its OpenAPI document is made from these entries.
 */
export const OPERATOR_ENDPOINTS = {
  settlements: endpoint({
    ...operatorCall,
    roles: ['admin'],
    method: 'POST',
    path: '/settlements',
    summary: `Post up to ${SETTLEMENTS_MAX_BATCH} settled bets and rounds`,
    body: settlementBatchSchema,
    answer: settlementReceiptSchema,
    refusals: {
      400: 'A malformed batch (error invalid_body, duplicate_id); nothing is stored',
      422: 'An unknown player or currency, or a settlement more than 5 minutes ahead (unknown_player, unknown_currency, settled_in_future); nothing is stored',
      ...keyRefusals,
    },
  }),
  identity: endpoint({
    ...operatorCall,
    roles: ['admin'],
    method: 'PUT',
    path: '/players/:id/identity',
    summary: "The player's identity check passed (true) or was withdrawn (false): unlocks the verification reward",
    params: idParamsSchema(),
    body: identityUpdateSchema,
    answer: identityAnswerSchema,
    refusals: {
      400: 'A malformed body (invalid_body) or player id (invalid_param); nothing is stored',
      422: 'An unknown player (unknown_player)',
      ...keyRefusals,
    },
  }),
  players: endpoint({
    ...operatorCall,
    roles: ['admin'],
    method: 'POST',
    path: '/players',
    summary: 'Create a player (a test or demo player) with its accounts and opening balances',
    body: newPlayerSchema,
    answer: createdPlayerSchema,
    status: 201,
    refusals: {
      400: 'A malformed body (invalid_body): not exactly one active account, two accounts in one currency …; nothing is stored',
      409: 'The login or the app token is taken (login_taken); nothing is stored',
      422: 'An unknown currency (unknown_currency); nothing is stored',
      ...keyRefusals,
    },
  }),
  ledgerCheck: endpoint({
    ...operatorCall,
    roles: ['support', 'admin'],
    method: 'GET',
    path: '/ledger/check',
    summary: "Whether every player's balance is the sum of its ledger entries (each money movement is one entry)",
    answer: ledgerCheckSchema,
    refusals: keyRefusals,
  }),
  serverRenders: endpoint({
    ...operatorCall,
    roles: ['admin'],
    method: 'GET',
    path: '/server/renders',
    summary:
      "This server process's page renders since it started: rendered on the server, or sent for the browser to render and why (queue_full: more waited than RENDER_QUEUE_MAX; time_limit: not rendered within RENDER_TIME_LIMIT_MS; failed: the render threw); and its page cache: pages answered from it, renders it asked for, and renders per page since the content last changed",
    answer: serverRendersSchema,
    refusals: keyRefusals,
  }),
  openApi: endpoint({
    ...operatorCall,
    method: 'GET',
    path: '/openapi.json',
    summary: 'This document',
    answer: z.record(z.string(), z.unknown()),
    access: 'anyone',
    cache: { kind: 'public', maxAgeS: 300 },
  }),
} as const;
