import { z } from 'zod/mini';
import { dbIdParamSchema, noBodySchema, queryIntSchema, slugSchema } from './bounds.ts';
import { endpoint, NO_STORE } from './endpoints.ts';
import { PROMO_PRODUCTS, PROMO_TEXT_LANGUAGES, promoDraftSchema } from './promotions/content.ts';
import { OPERATOR_API_BASE } from './promotions/feed.ts';
import { PROMO_MECHANICS } from './promotions/mechanics/index.ts';
import { STAFF_ROLES, type StaffRole, staffSignInSchema } from './staff.ts';

/**
 * The operator console's API (issue 40, decision 042): part of the operator API, called by the
 * console with a staff session (cookie) and by automation with an operator key. Each entry says
 * which roles may call it; the server checks that before anything else.
 */

/** The staff session cookie: httpOnly, SameSite=Strict, on the operator API's path only. */
export const STAFF_SESSION_COOKIE = 'promo_staff';
/** Where the console is served. */
export const CONSOLE_PATH = '/console/';

export const everyone: readonly StaffRole[] = STAFF_ROLES;
export const writers: readonly StaffRole[] = ['editor', 'publisher', 'admin'];
export const publishers: readonly StaffRole[] = ['publisher', 'admin'];
const admins: readonly StaffRole[] = ['admin'];

const unixS = z.int();
const login = z.string().check(z.regex(/^[a-z0-9._-]{3,40}$/));

/** The signed-in staff member, as the console shows them. */
export const staffMeSchema = z.object({
  login: z.string(),
  role: z.enum(STAFF_ROLES),
  /** When the session ends if idle (Unix seconds); each call moves it on. */
  idleUntil: unixS,
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/**
 * Where a promotion is in its life: a draft never published; a publication scheduled; published
 * and upcoming, running or ended by its dates; or taken off the frame.
 */
export const PROMOTION_STATES = ['draft', 'scheduled', 'upcoming', 'running', 'ended', 'unpublished'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

export const PROMOTION_SORTS = ['slug', 'title', 'updated', 'starts', 'ends', 'state'] as const;
export type PromotionSort = (typeof PROMOTION_SORTS)[number];

/** The console's page sizes. */
export const PROMOTION_PAGE_SIZES = [25, 50, 100] as const;

export const promotionListQuerySchema = z.object({
  state: z.optional(z.enum(PROMOTION_STATES)),
  mechanic: z.optional(z.enum(PROMO_MECHANICS)),
  product: z.optional(z.enum(PROMO_PRODUCTS)),
  /** Only promotions whose latest version lacks this language's texts. */
  missing: z.optional(z.enum(PROMO_TEXT_LANGUAGES)),
  /** Part of the slug or of a title in any language. */
  q: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
  sort: z.optional(z.enum(PROMOTION_SORTS)),
  order: z.optional(z.enum(['asc', 'desc'])),
  page: queryIntSchema(1, 100_000, 1),
  size: queryIntSchema(1, 100, 25),
});
/** The list's query as the server reads it (the console writes it as URL search params). */
export type PromotionListQuery = z.output<typeof promotionListQuerySchema>;

export const promotionRowSchema = z.object({
  slug: z.string(),
  /** The latest version's English title, else its first title, else the slug. */
  title: z.string(),
  mechanic: z.enum(PROMO_MECHANICS),
  product: z.enum(PROMO_PRODUCTS),
  state: z.enum(PROMOTION_STATES),
  /** The latest version's period (Unix seconds); null end: long-term. */
  startsAt: unixS,
  endsAt: z.nullable(unixS),
  /** When a scheduled publication happens. */
  publishAt: z.nullable(unixS),
  languages: z.array(z.enum(PROMO_TEXT_LANGUAGES)),
  missing: z.array(z.enum(PROMO_TEXT_LANGUAGES)),
  latestVersion: z.int(),
  publishedVersion: z.nullable(z.int()),
  lastEditor: z.string(),
  updatedAt: unixS,
});
export type PromotionRow = z.infer<typeof promotionRowSchema>;

export const promotionListSchema = z.object({
  items: z.array(promotionRowSchema),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});
export type PromotionList = z.infer<typeof promotionListSchema>;

/**
 * One thing that stops a version from being saved or published (the content check, a missing
 * language, a rule of the full content), for the console to show beside its field.
 */
export const promotionProblemSchema = z.object({
  /**
   * Stable and machine-readable: language_missing, translation_items, translation_placeholders,
   * placeholder_unknown, placeholder_unbacked, money_in_text, noun_agreement, or schema_<zod issue code>.
   */
  code: z.string(),
  /** The draft's field it is about (['texts', 'ru', 'rules', 2]); empty: the whole version. */
  path: z.array(z.union([z.string(), z.int()])),
  /** The values its sentence names. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The sentence, in the request's language (English when the server has none in it). */
  message: z.string(),
});
export type PromotionProblem = z.infer<typeof promotionProblemSchema>;

/** One saved version of a promotion. */
export const promotionVersionSchema = z.object({
  version: z.int(),
  content: promoDraftSchema,
  author: z.string(),
  createdAt: unixS,
  /** The version the editor started from; null for the first. */
  basedOn: z.nullable(z.int()),
  /** What stops this version from being published (empty: it can be). */
  problems: z.array(promotionProblemSchema),
});
export type PromotionVersion = z.infer<typeof promotionVersionSchema>;

/** A version in the history list: who and when, without its content. */
export const versionSummarySchema = z.object({
  version: z.int(),
  author: z.string(),
  createdAt: unixS,
  basedOn: z.nullable(z.int()),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const consolePromotionSchema = z.object({
  slug: z.string(),
  state: z.enum(PROMOTION_STATES),
  latest: promotionVersionSchema,
  publishedVersion: z.nullable(z.int()),
  scheduled: z.nullable(z.object({ version: z.int(), at: unixS, by: z.string() })),
  history: z.array(versionSummarySchema),
});
export type ConsolePromotion = z.infer<typeof consolePromotionSchema>;

const slugParams = z.object({ slug: slugSchema() });
const versionParams = z.object({ slug: slugSchema(), version: dbIdParamSchema() });

/** How a new draft starts: from a mechanic's reference promotion, or as a copy of a promotion. */
export const draftStartQuerySchema = z.object({
  mechanic: z.optional(z.enum(PROMO_MECHANICS)),
  from: z.optional(slugSchema()),
});

/** A publication now (no `at`) or at a time (Unix seconds, in the future). */
export const publishSchema = z.object({ version: z.int().check(z.positive()), at: z.optional(unixS) });
export type PublishRequest = z.infer<typeof publishSchema>;

export const previewLinkSchema = z.object({
  /** The frame's page of that version (same origin as the console). */
  framePath: z.string(),
  /** The demo host showing that page. */
  hostPath: z.string(),
  expiresAt: unixS,
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

export const AUDIT_ENTITIES = [
  'promotion',
  'staff',
  'operator-key',
  'art',
  'player',
  'adjustment',
  'cms-page',
] as const;

export const auditQuerySchema = z.object({
  staff: z.optional(login),
  entity: z.optional(z.enum(AUDIT_ENTITIES)),
  entityId: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
  /** ISO dates or date-times; `to` is exclusive. */
  from: z.optional(z.iso.datetime({ offset: true })),
  to: z.optional(z.iso.datetime({ offset: true })),
  /** The id of the last entry of the previous page. */
  before: z.optional(dbIdParamSchema()),
  size: queryIntSchema(1, 200, 50),
});

export const auditEntrySchema = z.object({
  id: z.int(),
  at: unixS,
  actor: z.string(),
  address: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  /** The changed fields by path: [before, after]. */
  diff: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  /** The version this change made, when it made one. */
  version: z.nullable(z.int()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), next: z.nullable(z.int()) });

/** A staff member as the admin's list shows them. */
export const staffMemberSchema = z.object({
  login: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Signs in with an authenticator code too. */
  secondFactor: z.boolean(),
  createdAt: unixS,
  disabled: z.boolean(),
  /** The last request of any of their sessions (Unix seconds); null: never signed in. */
  lastSeenAt: z.nullable(unixS),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A new staff member: their first password is given to them by the admin, out of band. */
export const newStaffSchema = z.object({
  login,
  password: z.string().check(z.minLength(12), z.maxLength(200)),
  role: z.enum(STAFF_ROLES),
});
export type NewStaff = z.infer<typeof newStaffSchema>;

/** A change of a member's role or of whether they may sign in (either or both). */
export const staffChangeSchema = z.object({
  role: z.optional(z.enum(STAFF_ROLES)),
  disabled: z.optional(z.boolean()),
});
export type StaffChange = z.infer<typeof staffChangeSchema>;

/**
 * A member as made or changed: the authenticator secret when their role now needs one (shown this
 * once, as text and as an otpauth URI for a QR code), else null.
 */
export const staffWithSecretSchema = z.object({
  member: staffMemberSchema,
  totpSecret: z.nullable(z.string()),
  otpauthUri: z.nullable(z.string()),
});

export const operatorKeySchema = z.object({
  label: z.string(),
  role: z.enum(STAFF_ROLES),
  createdAt: unixS,
  revoked: z.boolean(),
});
export type OperatorKey = z.infer<typeof operatorKeySchema>;

const keyLabel = z.string().check(z.regex(/^[a-z0-9][a-z0-9._-]{2,39}$/));
export const newOperatorKeySchema = z.object({ label: keyLabel, role: z.enum(STAFF_ROLES) });
/** A new key: its secret is in this answer only (the server keeps its hash). */
export const createdOperatorKeySchema = z.object({ key: operatorKeySchema, secret: z.string() });

/**
 * A session's public id: derived from what the server keeps of its token (never that itself), so
 * it names the session in a list and a revocation and opens nothing.
 */
const sessionId = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/));

/** A live staff session (a signed-in browser): who, from where, since when, and until when if idle. */
export const staffSessionSchema = z.object({
  id: sessionId,
  login: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The address it signed in from. */
  address: z.string(),
  createdAt: unixS,
  /** Its last request (kept to the minute). */
  lastSeenAt: unixS,
  /** When it ends if idle, or at its 12 h limit if that comes first (Unix seconds). */
  idleUntil: unixS,
  /** The caller's own session: the browser asking. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

const staffSessionQuerySchema = z.object({ login: z.optional(login) });
const sessionParams = z.object({ id: sessionId });

const ok = z.object({ ok: z.literal(true) });
export const staffCall = { base: OPERATOR_API_BASE, access: 'operator', idempotent: false, cache: NO_STORE } as const;
export const roleRefusals = {
  401: 'No staff session or operator key (error staff_session)',
  403: "The caller's role may not do this (forbidden_role), or a console write without X-Requested-With (csrf)",
} as const;

export const CONSOLE_ENDPOINTS = {
  signIn: endpoint({
    base: OPERATOR_API_BASE,
    access: 'anyone',
    idempotent: false,
    cache: NO_STORE,
    method: 'POST',
    path: '/staff/session',
    summary:
      'Staff sign-in: login, password, and the authenticator code for publishers and admins; sets the session cookie',
    body: staffSignInSchema,
    answer: staffMeSchema,
    refusals: {
      401: 'Wrong login or password (bad_credentials), a code needed (second_factor_required) or wrong (bad_second_factor)',
      429: 'Too many sign-ins from this address or for this login (rate_limited)',
    },
  }),
  me: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'GET',
    path: '/staff/session',
    summary: 'The signed-in staff member and role',
    answer: staffMeSchema,
    refusals: roleRefusals,
  }),
  signOut: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'DELETE',
    path: '/staff/session',
    summary: 'Ends the staff session',
    answer: ok,
    refusals: roleRefusals,
  }),
  mySessions: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'GET',
    path: '/my-sessions',
    summary: "The caller's live sessions (their signed-in browsers), the latest used first; this one marked",
    answer: z.array(staffSessionSchema),
    refusals: roleRefusals,
  }),
  mySessionEnd: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'DELETE',
    path: '/my-sessions/:id',
    summary: "Ends one of the caller's sessions (sign out elsewhere); ending this one signs out (the cookie cleared)",
    params: sessionParams,
    answer: ok,
    refusals: { 404: 'No live session of yours with that id (session_not_found)', ...roleRefusals },
  }),
  promotions: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'GET',
    path: '/promotions',
    summary: 'Promotions by state, mechanic, product or missing language, searched by slug and title, sorted and paged',
    query: promotionListQuerySchema,
    answer: promotionListSchema,
    refusals: { 400: 'A malformed filter (invalid_query)', ...roleRefusals },
  }),
  draftStart: endpoint({
    ...staffCall,
    roles: writers,
    method: 'GET',
    path: '/promotion-drafts/new',
    summary:
      "A new draft's content: a mechanic's reference terms and prizes, or a copy of a promotion, with a free slug and id",
    query: draftStartQuerySchema,
    answer: promoDraftSchema,
    refusals: {
      400: 'Neither or both of mechanic and from (invalid_query)',
      404: 'No such promotion',
      ...roleRefusals,
    },
  }),
  create: endpoint({
    ...staffCall,
    roles: writers,
    method: 'POST',
    path: '/promotions',
    summary: 'A new promotion: its first version, a draft',
    body: promoDraftSchema,
    answer: consolePromotionSchema,
    status: 201,
    refusals: {
      400: 'A field breaks its rule (invalid_body, the field named)',
      409: 'The slug or an id is taken (slug_taken, id_taken)',
      422: 'The content check refuses it (content_check)',
      ...roleRefusals,
    },
  }),
  promotion: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'GET',
    path: '/promotions/:slug',
    summary: 'A promotion: its latest version, what is published and scheduled, and its history',
    params: slugParams,
    answer: consolePromotionSchema,
    refusals: { 404: 'No such promotion', ...roleRefusals },
  }),
  save: endpoint({
    ...staffCall,
    roles: writers,
    method: 'PUT',
    path: '/promotions/:slug',
    summary: 'Saves a new version; If-Match names the version the edit started from',
    params: slugParams,
    body: promoDraftSchema,
    answer: consolePromotionSchema,
    refusals: {
      400: 'A field breaks its rule (invalid_body), or the slug differs from the path (slug_change)',
      404: 'No such promotion',
      409: 'Another version was saved since the one in If-Match (stale_version; the answer names it)',
      422: 'The content check refuses it (content_check)',
      428: 'No If-Match (if_match_required)',
      ...roleRefusals,
    },
  }),
  version: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'GET',
    path: '/promotions/:slug/versions/:version',
    summary: 'One version of a promotion, with its content',
    params: versionParams,
    answer: promotionVersionSchema,
    refusals: { 404: 'No such promotion or version', ...roleRefusals },
  }),
  restore: endpoint({
    ...staffCall,
    roles: writers,
    method: 'POST',
    path: '/promotions/:slug/versions/:version/restore',
    summary: 'Saves an earlier version again as the newest draft',
    params: versionParams,
    body: noBodySchema(),
    answer: consolePromotionSchema,
    refusals: { 404: 'No such promotion or version', ...roleRefusals },
  }),
  preview: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'POST',
    path: '/promotions/:slug/versions/:version/preview',
    summary: 'A signed link that shows this version in the frame for an hour',
    params: versionParams,
    body: noBodySchema(),
    answer: previewLinkSchema,
    refusals: {
      404: 'No such promotion or version',
      422: 'The version has no texts in any language yet (preview_no_texts)',
      ...roleRefusals,
    },
  }),
  publish: endpoint({
    ...staffCall,
    roles: publishers,
    method: 'POST',
    path: '/promotions/:slug/publication',
    summary: 'Publishes a version now, or schedules it (at: Unix seconds)',
    params: slugParams,
    body: publishSchema,
    answer: consolePromotionSchema,
    refusals: {
      404: 'No such promotion or version',
      409: 'The slug or an id is served by another promotion (id_taken)',
      422: 'The version is incomplete or fails the content check (not_publishable), or the time is past (past_time)',
      ...roleRefusals,
    },
  }),
  unpublish: endpoint({
    ...staffCall,
    roles: publishers,
    method: 'DELETE',
    path: '/promotions/:slug/publication',
    summary: 'Takes the promotion off the frame (its page answers 404) and cancels a scheduled publication',
    params: slugParams,
    answer: consolePromotionSchema,
    refusals: { 404: 'No such promotion', ...roleRefusals },
  }),
  audit: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'GET',
    path: '/audit',
    summary: 'The audit log, newest first, by staff member, entity and time',
    query: auditQuerySchema,
    answer: auditPageSchema,
    refusals: { 400: 'A malformed filter (invalid_query)', ...roleRefusals },
  }),
  staff: endpoint({
    ...staffCall,
    roles: admins,
    method: 'GET',
    path: '/staff',
    summary: 'Every staff member: role, second factor, disabled, last seen',
    answer: z.array(staffMemberSchema),
    refusals: roleRefusals,
  }),
  staffCreate: endpoint({
    ...staffCall,
    roles: admins,
    method: 'POST',
    path: '/staff',
    summary: 'A new staff member; the authenticator secret of a publisher or admin is in the answer, once',
    body: newStaffSchema,
    answer: staffWithSecretSchema,
    status: 201,
    refusals: {
      400: 'A field breaks its rule (invalid_body)',
      409: 'The login is taken (login_taken)',
      ...roleRefusals,
    },
  }),
  staffUpdate: endpoint({
    ...staffCall,
    roles: admins,
    method: 'PUT',
    path: '/staff/:login',
    summary:
      "Changes a member's role or disables them; either ends their sessions. A role that needs a second factor gets a new secret",
    params: z.object({ login }),
    body: staffChangeSchema,
    answer: staffWithSecretSchema,
    refusals: {
      400: 'A field breaks its rule (invalid_body)',
      404: 'No such member',
      409: 'An admin cannot take their own admin role or disable themselves (own_account)',
      ...roleRefusals,
    },
  }),
  staffSessions: endpoint({
    ...staffCall,
    roles: admins,
    method: 'GET',
    path: '/staff-sessions',
    summary: "Every member's live sessions (or one member's: login), by login, the latest used first",
    query: staffSessionQuerySchema,
    answer: z.array(staffSessionSchema),
    refusals: { 400: 'A malformed login (invalid_query)', ...roleRefusals },
  }),
  staffSessionRevoke: endpoint({
    ...staffCall,
    roles: admins,
    method: 'DELETE',
    path: '/staff-sessions/:id',
    summary: "Ends any member's session (a lost laptop, a shared machine): its next request is refused; audited",
    params: sessionParams,
    answer: ok,
    refusals: { 404: 'No live session with that id (session_not_found)', ...roleRefusals },
  }),
  operatorKeys: endpoint({
    ...staffCall,
    roles: admins,
    method: 'GET',
    path: '/operator-keys',
    summary: "The operator API's keys for automation, each with its role",
    answer: z.array(operatorKeySchema),
    refusals: roleRefusals,
  }),
  operatorKeyCreate: endpoint({
    ...staffCall,
    roles: admins,
    method: 'POST',
    path: '/operator-keys',
    summary: 'A new key with a role; its secret is in the answer, once',
    body: newOperatorKeySchema,
    answer: createdOperatorKeySchema,
    status: 201,
    refusals: {
      400: 'A field breaks its rule (invalid_body)',
      409: 'The label is taken (label_taken)',
      ...roleRefusals,
    },
  }),
  operatorKeyRevoke: endpoint({
    ...staffCall,
    roles: admins,
    method: 'DELETE',
    path: '/operator-keys/:label',
    summary: 'Revokes a key: it opens nothing from now on',
    params: z.object({ label: keyLabel }),
    answer: operatorKeySchema,
    refusals: { 404: 'No such key', ...roleRefusals },
  }),
} as const;

/** Roles that may call an operator entry: the console's and the feed's. */
export const CONSOLE_ROLES = { everyone, writers, publishers, admins } as const;
