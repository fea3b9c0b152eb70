import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const languages = pgTable('languages', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const dictionaryEntries = pgTable(
  'dictionary_entries',
  {
    langCode: text('lang_code')
      .notNull()
      .references(() => languages.code, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    /** The dictionary unit the key loads with (contract DICTIONARY_UNITS; its locale file). */
    unit: text('unit').notNull().default('common'),
  },
  (t) => [primaryKey({ columns: [t.langCode, t.key] }), index('dictionary_entries_unit').on(t.langCode, t.unit)],
);

/** One row per block of the site config payload (config, currency, uiStyle, ...). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The version of the content the read-mostly answers are built from (site settings, languages,
 * dictionaries): one row, bumped by a statement trigger on each of those tables, which also
 * notifies channel content_changed (migration 0019), so every server process drops its cached
 * answers when an operator changes them, by any means.
 */
export const contentVersion = pgTable('content_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Rate-limit counts shared by the server processes on one PostgreSQL (http/rate-limits.ts): one
 * row per limit and client, counting the requests of its current window.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Secrets shared by every server instance that uses the same database (JWT signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  login: text('login').notNull().unique(),
  /** scrypt$N$r$p$salt$hash (domain/passwords.ts); never the password itself. */
  passwordHash: text('password_hash').notNull(),
  countryCode: text('country_code').notNull(),
  countryId: integer('country_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the operator reported the identity check passed (office identification); null: not verified. */
  identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
});

/** A user's id in another table; the row goes with the user. */
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Money accounts of a user, one per currency; exactly one is active. */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userRef(),
    currencyCode: text('currency_code').notNull(),
    amount: numeric('amount', { precision: 20, scale: 8 }).notNull().default('0'),
    active: boolean('active').notNull().default(false),
  },
  (t) => [uniqueIndex('accounts_user_currency').on(t.userId, t.currencyCode)],
);

/**
 * Every change of an account's balance, signed (a debit is negative), with the balance it left
 * (domain/ledger.ts). An account's balance is the sum of its entries. `kind` and `reference` say
 * what caused it (a lotto ticket's id, a wheel spin's id, ...): one entry per cause, so a replay
 * cannot move money twice.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: userRef(),
    currencyCode: text('currency_code').notNull(),
    amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 20, scale: 8 }).notNull(),
    /** A LEDGER_KINDS value (contract). */
    kind: text('kind').notNull(),
    /** Null only for a credit whose caller named no cause. */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_once').on(t.kind, t.reference, t.userId, t.currencyCode),
    index('ledger_entries_account').on(t.userId, t.currencyCode, t.id),
  ],
);

/**
 * A site session, named by the httpOnly session cookie; the JWTs of gettoken carry its id.
 * Visitors have none: their id lives in the cookie and token (decision 017); signing in starts a
 * new session (no session fixation) and records the visitor id it replaced as revoked.
 */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Long-lived sign-in tokens of the mobile apps (kept as SHA-256, sent in the app's auth cookie). */
export const mobileAppTokens = pgTable('mobile_app_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Events of the analytics collector, stored as sent plus who sent them. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    source: integer('source').notNull(),
    payload: jsonb('payload').notNull(),
    sessionId: uuid('session_id'),
    userId: integer('user_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_received').on(t.name, t.receivedAt)],
);

/**
 * The metrics service: web vitals, the frame's own timings and event counts, one row per sample
 * as the frame reported it (a vital may be reported again as it grows: same metric id).
 */
export const frameMetrics = pgTable(
  'frame_metrics',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    rating: text('rating'),
    path: text('path').notNull(),
    metricId: text('metric_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('frame_metrics_name_received').on(t.name, t.receivedAt)],
);

/** Promotions the pages show: one row per numeric id of the registry (several may share a slug). */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    template: text('template').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    currencyCode: text('currency_code').notNull(),
    /** [{ places, amount, kind }] in the promotion's currency. */
    prizes: jsonb('prizes').notNull(),
    /** What the promotion offers (contract PROMO_MECHANICS); its template follows from it. */
    mechanic: text('mechanic').notNull().default('info'),
    /**
     * The rest of its content file: product, terms, call to action, hero, weekly windows, the
     * promoted tournament of a broadcast, texts per language, and an earlier edition's end.
     */
    content: jsonb('content').notNull().default({}),
    /**
     * False once unpublished (issue 40): the frame's reads skip the row, and its players' history
     * (joins, tickets, credits) stays.
     */
    published: boolean('published').notNull().default(true),
  },
  (t) => [index('promotions_slug').on(t.slug)],
);

/** A promotion's id in another table; the row goes with the promotion. */
const promotionRef = () =>
  integer('promotion_id')
    .notNull()
    .references(() => promotions.id, { onDelete: 'cascade' });

/** A player's place in a prize-wheel promotion: daily spins and the committed next server seed. */
export const wheelParticipants = pgTable(
  'wheel_participants',
  {
    userId: userRef(),
    promotionId: promotionRef(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** UTC day (YYYY-MM-DD) that spinsUsed counts. */
    spinsDay: text('spins_day').notNull(),
    spinsUsed: integer('spins_used').notNull().default(0),
    /** Secret until the spin that uses it; its hash is published before. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    nonce: integer('nonce').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.promotionId] })],
);

export const wheelSpins = pgTable(
  'wheel_spins',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userRef(),
    promotionId: integer('promotion_id').notNull(),
    segment: integer('segment').notNull(),
    prize: jsonb('prize').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wheel_spins_user_promotion').on(t.userId, t.promotionId)],
);

/** Answers of money-adjacent calls by Idempotency-Key: a repeated key gets the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    /** sha256 of the request's body: the key again with another body is a 422 (Stripe's rule). */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** The player's first-deposit bonus choice (0 decline, 1 sport, 2 casino); one row per player. */
export const firstBonusChoices = pgTable('first_bonus_choices', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bonusId: integer('bonus_id').notNull(),
  chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The daily free bet or free spins a player took: at most one per UTC day. */
export const dailyBonusTakes = pgTable(
  'daily_bonus_takes',
  {
    userId: userRef(),
    /** UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    /** Free bet amount in currencyCode, or the number of free spins. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currencyCode: text('currency_code'),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Who takes part in a tournament promotion. */
export const tournamentParticipants = pgTable(
  'tournament_participants',
  {
    promotionId: promotionRef(),
    userId: userRef(),
    /** Shown masked on the leaderboard. */
    nickname: text('nickname').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.userId] })],
);

/** Points and tickets a participant earned on one UTC day (settled bets feed these). */
export const tournamentScores = pgTable(
  'tournament_scores',
  {
    promotionId: integer('promotion_id').notNull(),
    userId: integer('user_id').notNull(),
    day: text('day').notNull(),
    points: numeric('points', { precision: 14, scale: 2 }).notNull(),
    tickets: integer('tickets').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.userId, t.day] }),
    index('tournament_scores_day').on(t.promotionId, t.day),
  ],
);

/** Lucky numbers in a lucky-day promotion's daily draw: one per player and day, each number once. */
export const luckyDayTickets = pgTable(
  'lucky_day_tickets',
  {
    promotionId: promotionRef(),
    /** UTC day of the draw, YYYY-MM-DD. */
    day: text('day').notNull(),
    ticketId: integer('ticket_id').notNull(),
    userId: userRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.day, t.ticketId] }),
    uniqueIndex('lucky_day_tickets_player').on(t.promotionId, t.day, t.userId),
  ],
);

/** A player's winning streak in a bet-series promotion (settled bets update it). */
export const betSeriesProgress = pgTable(
  'bet_series_progress',
  {
    promotionId: promotionRef(),
    userId: userRef(),
    current: integer('current').notNull().default(0),
    best: integer('best').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.userId] })],
);

/** A player's board of one UTC day in a hunt: which spots hide which collectible (never sent whole). */
export const huntBoards = pgTable(
  'hunt_boards',
  {
    promotionId: promotionRef(),
    userId: userRef(),
    day: text('day').notNull(),
    /** One entry per spot: the collectible it hides or null. */
    layout: jsonb('layout').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.userId, t.day] })],
);

/** A spot a player opened, and what it held. */
export const huntSearches = pgTable(
  'hunt_searches',
  {
    promotionId: integer('promotion_id').notNull(),
    userId: integer('user_id').notNull(),
    day: text('day').notNull(),
    spot: integer('spot').notNull(),
    collectible: integer('collectible'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.userId, t.day, t.spot] }),
    foreignKey({
      columns: [t.promotionId, t.userId, t.day],
      foreignColumns: [huntBoards.promotionId, huntBoards.userId, huntBoards.day],
    }).onDelete('cascade'),
  ],
);

/** Players who hold the whole set; the order of completion gives the places. */
export const huntCompletions = pgTable(
  'hunt_completions',
  {
    promotionId: promotionRef(),
    userId: userRef(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.userId] }),
    index('hunt_completions_order').on(t.promotionId, t.completedAt),
  ],
);

/**
 * The secret seed of one day's lucky-day draw: its hash is published while tickets are sold, the
 * seed after the draw, and the winners' order follows from it (so no number can be chosen to win).
 */
export const luckyDayDraws = pgTable(
  'lucky_day_draws',
  {
    promotionId: promotionRef(),
    day: text('day').notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.day] })],
);

/** The deposit bonus a player's next deposit gets: one per player, the latest activation wins. */
export const depositBonusActivations = pgTable('deposit_bonus_activations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  promotionId: integer('promotion_id')
    .notNull()
    .references(() => promotions.id, { onDelete: 'cascade' }),
  termsVersion: integer('terms_version').notNull(),
  activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
});

/** Casino games the promotions list; `collections` names the lists a game is in. */
export const casinoGames = pgTable('casino_games', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  provider: text('provider').notNull(),
  rtp: numeric('rtp', { precision: 4, scale: 2 }).notNull(),
  collections: text('collections').array().notNull(),
});

/** A lottery's draws: open until their time, then drawn with a result made by the server. */
export const lottoDraws = pgTable(
  'lotto_draws',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    jackpotUsd: numeric('jackpot_usd', { precision: 14, scale: 2 }).notNull(),
    /** { main, bonus }; null until drawn. */
    result: jsonb('result'),
  },
  (t) => [uniqueIndex('lotto_draws_code_time').on(t.code, t.drawAt)],
);

/** Bought lottery tickets; settled (won set, winnings credited) once their draw has a result. */
export const lottoTickets = pgTable(
  'lotto_tickets',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    drawId: integer('draw_id')
      .notNull()
      .references(() => lottoDraws.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').notNull(),
    kind: text('kind').notNull(),
    price: numeric('price', { precision: 18, scale: 8 }).notNull(),
    currencyCode: text('currency_code').notNull(),
    won: numeric('won', { precision: 18, scale: 8 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lotto_tickets_user').on(t.userId, t.createdAt)],
);

/**
 * CMS pages: a JSON block tree per type, slug and language; each publication is a new version
 * (the latest one is served). `countries`, when set, limits who a promotion page is shown to.
 */
export const cmsPages = pgTable(
  'cms_pages',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    blocks: jsonb('blocks').notNull(),
    countries: text('countries').array(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Whether the frame serves this row: the rows of a page's published version (decision 050).
     * A version staff saved and did not publish is a row with false.
     */
    published: boolean('published').notNull().default(true),
    /** Who saved this version in the console (null: the seed), and the version it started from. */
    author: text('author'),
    basedOn: integer('based_on'),
    /** When the version was saved (publishing it sets `publishedAt`). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cms_pages_version').on(t.type, t.slug, t.language, t.version)],
);

/**
 * A CMS page as the console keeps it (decision 050): its latest version, the version the frame
 * serves (null: unpublished), and who changed it last. The lock a save takes (If-Match).
 */
export const cmsPageHeads = pgTable(
  'cms_page_heads',
  {
    type: text('type').notNull(),
    slug: text('slug').notNull(),
    latestVersion: integer('latest_version').notNull(),
    publishedVersion: integer('published_version'),
    /** A publication to come: the version, when, and who scheduled it (the publication job takes it then). */
    scheduledVersion: integer('scheduled_version'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    scheduledBy: text('scheduled_by'),
    lastEditor: text('last_editor'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.slug] })],
);

/**
 * Console preview links of CMS page versions (decision 050, as promotion_previews): a random
 * token, kept hashed, shows one version for an hour.
 */
export const cmsPagePreviews = pgTable('cms_page_previews', {
  tokenHash: text('token_hash').primaryKey(),
  type: text('type').notNull(),
  slug: text('slug').notNull(),
  version: integer('version').notNull(),
  createdBy: text('created_by').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Promo banners of the banner page and the banner blocks, per language. */
export const promoBanners = pgTable(
  'promo_banners',
  {
    id: integer('id').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    image: text('image').notNull(),
    href: text('href').notNull(),
    sortOrder: integer('sort_order').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The money its title and text name as {{placeholders}}: name -> { amount, currencyCode }. */
    amounts: jsonb('amounts').notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.id, t.language] })],
);

/**
 * Settled bets and game rounds from the operator feed (POST /operator-api/v1/settlements). Posted
 * twice, one counts: `external_id` is the operator's id. Money is kept as posted and in dollars.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull().unique(),
    userId: userRef(),
    /** 'bet' or 'round'. */
    kind: text('kind').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    currencyCode: text('currency_code').notNull(),
    stake: numeric('stake', { precision: 20, scale: 8 }).notNull(),
    payout: numeric('payout', { precision: 20, scale: 8 }).notNull(),
    stakeUsd: numeric('stake_usd', { precision: 14, scale: 2 }).notNull(),
    payoutUsd: numeric('payout_usd', { precision: 14, scale: 2 }).notNull(),
    /** The rest of the posted item: sport, competition, bet type, legs, odds, or game and category. */
    detail: jsonb('detail').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('settlements_user_time').on(t.userId, t.settledAt),
    // The console's feed health counts the last hour's items by minute (issue 42).
    index('settlements_received').on(t.receivedAt),
  ],
);

/**
 * Refused feed posts (issue 42, feed health): one row per refused batch, written after its
 * transaction rolled back, so the refusal stores nothing else. Kept 7 days (retention.ts).
 */
export const feedRefusals = pgTable(
  'feed_refusals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The answer's error code (unknown_player, invalid_body …) and HTTP status. */
    code: text('code').notNull(),
    status: integer('status').notNull(),
    /** Who posted: `key:<label>` for an operator key, the staff login for a console session. */
    caller: text('caller').notNull(),
    /** How many items the batch carried (0 when the body was not a list of items). */
    items: integer('items').notNull(),
  },
  (t) => [index('feed_refusals_at').on(t.at)],
);

/**
 * The feed's sources (issue 42): a caller of the settlements post and the kind of item (bet or
 * round), with the last item it posted (a repeat counts: the source is alive). Written in the
 * accepted post's transaction; a handful of rows, one per key and kind.
 */
export const feedSources = pgTable(
  'feed_sources',
  {
    caller: text('caller').notNull(),
    kind: text('kind').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    externalId: text('external_id').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    /** Items posted by this source since it first posted. */
    items: bigint('items', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.kind] })],
);

/**
 * What a mechanic credited a player from the feed: a free bet back, a ladder step, a weekly
 * refund. One row per promotion, player and occasion ('first-single', 'step:5', a week, a bet id),
 * so a mechanic pays each occasion once however often it is asked.
 */
export const promoCredits = pgTable(
  'promo_credits',
  {
    id: serial('id').primaryKey(),
    promotionId: promotionRef(),
    userId: userRef(),
    occasion: text('occasion').notNull(),
    /** A PRIZE_KINDS value. */
    kind: text('kind').notNull(),
    /** 0 when the occasion passed without a prize (the covered bet won). */
    amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
    currencyCode: text('currency_code').notNull(),
    settlementId: integer('settlement_id').references(() => settlements.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_credits_once').on(t.promotionId, t.userId, t.occasion)],
);

/**
 * Tickets of a weekly jackpot: one per qualifying settled bet from the operator feed, in the draw
 * that follows its settlement. Ranked at the draw by sha256(seed:id) under the week's secret seed.
 */
export const jackpotTickets = pgTable(
  'jackpot_tickets',
  {
    id: serial('id').primaryKey(),
    promotionId: promotionRef(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    userId: userRef(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    stakeUsd: numeric('stake_usd', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('jackpot_tickets_once').on(t.promotionId, t.settlementId),
    index('jackpot_tickets_draw').on(t.promotionId, t.drawAt),
  ],
);

/** LuckyChanceForm: a player's forecast of a promotion's featured match, one per player and promotion. */
export const luckyChanceForecasts = pgTable(
  'lucky_chance_forecasts',
  {
    promotionId: promotionRef(),
    userId: userRef(),
    oppId: integer('opp_id').notNull(),
    home: integer('home').notNull(),
    away: integer('away').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.userId] })],
);

/**
 * Operator staff (decision 042): separate from players. The TOTP secret (base32) is set for the
 * roles that must give a second factor; a disabled member keeps their rows for the audit log.
 */
export const staff = pgTable('staff', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  login: text('login').notNull().unique(),
  /** scrypt$N$r$p$salt$hash (domain/passwords.ts). */
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  totpSecret: text('totp_secret'),
  /** The last TOTP time step accepted: a code is good once. */
  totpStep: bigint('totp_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/** A staff member's signed-in browser: the cookie's token kept as SHA-256; ends idle, at its limit or revoked. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

/**
 * Every write of the operator API, in the transaction of the write: who (a staff member or an
 * operator key), from where, what, and the difference. Append-only: a trigger refuses UPDATE and
 * DELETE (migration 0025).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staff.id),
    /** The staff member's login or `key:<label>`, as it was then. */
    actor: text('actor').notNull(),
    address: text('address').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    /** Field path -> [before, after]. */
    diff: jsonb('diff').notNull().default({}),
    /** The version of the entity this change made, when it made one (a promotion's save). */
    version: integer('version'),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_entity').on(t.entity, t.entityId, t.at)],
);

/**
 * Every saved version of a promotion (issue 40, decision 042): its content as the console saved it
 * (a draft may lack a language's texts), who saved it, and the version the edit started from.
 * Staff saves only add rows; the seed refreshes its own version 1 (fresh dates) until staff save one.
 */
export const promotionVersions = pgTable(
  'promotion_versions',
  {
    slug: text('slug').notNull(),
    version: integer('version').notNull(),
    content: jsonb('content').notNull(),
    /** The staff member's login, `key:<label>` or `seed`. */
    author: text('author').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    basedOn: integer('based_on'),
  },
  (t) => [primaryKey({ columns: [t.slug, t.version] })],
);

/**
 * One row per promotion the console knows: its latest and published versions, a scheduled
 * publication, and what the list filters and sorts on, kept from the latest version at each save.
 */
export const promotionHeads = pgTable(
  'promotion_heads',
  {
    slug: text('slug').primaryKey(),
    latestVersion: integer('latest_version').notNull(),
    publishedVersion: integer('published_version'),
    /** Taken off the frame after a publication. */
    unpublished: boolean('unpublished').notNull().default(false),
    scheduledVersion: integer('scheduled_version'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    scheduledBy: text('scheduled_by'),
    title: text('title').notNull(),
    /** The slug and every title, lower case: what the search reads. */
    search: text('search').notNull(),
    mechanic: text('mechanic').notNull(),
    product: text('product').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The languages the latest version has texts in. */
    languages: text('languages').array().notNull(),
    /**
     * Whether the latest version lacks a language's texts (the list's "missing" filter): kept by
     * the database from `languages`, a plain column the planner has statistics of and a row reads
     * without unpacking the array (migration 0028).
     */
    missingEn: boolean('missing_en').generatedAlwaysAs(sql`not ('en' = any("languages"))`),
    missingRu: boolean('missing_ru').generatedAlwaysAs(sql`not ('ru' = any("languages"))`),
    missingAr: boolean('missing_ar').generatedAlwaysAs(sql`not ('ar' = any("languages"))`),
    lastEditor: text('last_editor').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** True until staff save a version: the seed may refresh it at start. */
    seeded: boolean('seeded').notNull().default(false),
  },
  // The list's sorts walk these (each with the slug, its tie-break), so a page reads its own rows; no
  // sort column has an index of its own beside them (the planner took one and read the whole table, 0028).
  (t) => [
    index('promotion_heads_publish_at').on(t.publishAt),
    index('promotion_heads_updated_slug').on(t.updatedAt, t.slug),
    index('promotion_heads_title_slug').on(t.title, t.slug),
    index('promotion_heads_starts_slug').on(t.startsAt, t.slug),
    index('promotion_heads_ends_slug').on(t.endsAt, t.slug),
  ],
);

/** Keys of the operator API for automation, each with a role (its secret is kept hashed). */
export const operatorKeys = pgTable('operator_keys', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  label: text('label').notNull().unique(),
  keyHash: text('key_hash').notNull().unique(),
  role: text('role').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Preview links (issue 40): a random token (kept hashed) that shows one version of a promotion in
 * the frame until it expires, to whoever has the link.
 */
export const promotionPreviews = pgTable('promotion_previews', {
  tokenHash: text('token_hash').primaryKey(),
  slug: text('slug').notNull(),
  version: integer('version').notNull(),
  createdBy: text('created_by').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * One row: bumped by a trigger at every write of promotion_heads (migration 0027), so a process
 * knows its counts of the console's list are still right with one primary-key read.
 */
export const consoleRevision = pgTable('console_revision', {
  id: integer('id').primaryKey().default(1),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

/**
 * A correction of a player's account (issue 42, decision 049): requested by one staff member,
 * applied only when another approves it (four eyes), as a ledger entry of kind `adjustment`
 * (reference: this row's id). The request's and the decision's Idempotency-Keys make a repeat
 * answer the first. Kept for good: the audit log and the support view show them.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: userRef(),
    currencyCode: text('currency_code').notNull(),
    /** Signed: a debit is negative. */
    amount: numeric('amount', { precision: 20, scale: 8 }).notNull(),
    reason: text('reason').notNull(),
    /** The promotion credit it adjusts; null: the account alone. */
    creditId: integer('credit_id').references(() => promoCredits.id, { onDelete: 'set null' }),
    /** 'pending', 'applied' or 'rejected'. */
    state: text('state').notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => staff.id),
    /** The requester's login or `key:<label>`, as it was then. */
    requestedByName: text('requested_by_name').notNull(),
    requestKey: text('request_key').notNull(),
    requestHash: text('request_hash').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedByName: text('decided_by_name'),
    decisionKey: text('decision_key'),
    decisionHash: text('decision_hash'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    balanceAfter: numeric('balance_after', { precision: 20, scale: 8 }),
  },
  (t) => [
    uniqueIndex('adjustments_request_once').on(t.requestedByName, t.requestKey),
    index('adjustments_state').on(t.state, t.id),
    index('adjustments_user').on(t.userId, t.id),
  ],
);

/**
 * Art uploaded from the console (decision 048): its files are written at upload, named by `hash`
 * (SHA-256 of the uploaded bytes), under the art folder served as /genfiles/. A row exists only
 * for art whose files were all written; deleting it removes them.
 */
export const uploadedArt = pgTable('uploaded_art', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  hash: text('hash').notNull().unique(),
  name: text('name').notNull(),
  /** png, jpeg, webp or svg: read from the bytes. */
  type: text('type').notNull(),
  /** promotions, crypto-promotions or lotto. */
  folder: text('folder').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  /** What content names (the fallback), and every file written, as /genfiles/... paths. */
  path: text('path').notNull(),
  files: text('files').array().notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});
