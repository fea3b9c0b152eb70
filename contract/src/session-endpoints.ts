import { z } from 'zod/mini';
import { analyticsBatchSchema } from './analytics.ts';
import { noBodySchema } from './bounds.ts';
import { countersSchema, secureCookieRequestSchema, secureCookieResponseSchema } from './counters.ts';
import { endpoint, NO_STORE } from './endpoints.ts';
import { WEB_API_BASE } from './http.ts';
import { metricsBatchSchema } from './metrics.ts';
import {
  balanceSchema,
  disconnectResponseSchema,
  fastLoginRequestSchema,
  fingerprintResponseSchema,
  sessionUserSchema,
  setActiveAccountRequestSchema,
  signedInResponseSchema,
  timezonesSchema,
  tokenResponseSchema,
  userConfigSchema,
} from './session.ts';
import { API_PATHS } from './session-paths.ts';

/** The session's and the user's calls (spec 7 "Token and config", "Auth and user"). */
export const AUTH_ENDPOINTS = {
  getToken: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: API_PATHS.getToken,
    summary: "The session's token (a visitor's when nobody is signed in); sets the session cookie",
    answer: tokenResponseSchema,
    access: 'visitor-or-player',
    idempotent: false,
    cache: NO_STORE,
  }),
  fastLogin: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: API_PATHS.fastLogin,
    summary: 'Signs in with a login and a password; replaces the session',
    body: fastLoginRequestSchema,
    answer: signedInResponseSchema,
    access: 'anyone',
    idempotent: false,
    cache: NO_STORE,
  }),
  disconnect: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: API_PATHS.disconnect,
    summary: 'Signs out: the session of the token and of the cookie end',
    body: noBodySchema(),
    answer: disconnectResponseSchema,
    access: 'visitor-or-player',
    idempotent: false,
    // The server sends no Cache-Control here (a POST's answer is not cached).
    cache: NO_STORE,
  }),
  sessionUser: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: API_PATHS.sessionUser,
    summary: 'The user of the session, null for a visitor',
    answer: sessionUserSchema,
    access: 'visitor-or-player',
    idempotent: false,
    cache: NO_STORE,
  }),
  userConfig: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: API_PATHS.userConfig,
    summary: "The player's id and country",
    answer: userConfigSchema,
    access: 'player',
    idempotent: false,
    cache: NO_STORE,
  }),
  mobileTokenAuth: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: API_PATHS.mobileTokenAuth,
    summary: "Signs in with the app's token (Authorization header); replaces the session",
    body: noBodySchema(),
    answer: signedInResponseSchema,
    access: 'anyone',
    idempotent: false,
    cache: NO_STORE,
  }),
} as const;

/** The player's accounts and the time zones (spec 7 "Common"). */
export const USER_ENDPOINTS = {
  balance: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: API_PATHS.balance,
    summary: "The player's accounts, one of them active",
    body: noBodySchema(),
    answer: balanceSchema,
    access: 'player',
    idempotent: false,
    cache: NO_STORE,
  }),
  setActiveAccount: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: API_PATHS.setActiveAccount,
    summary: "Makes one of the player's accounts the active one",
    body: setActiveAccountRequestSchema,
    answer: balanceSchema,
    refusals: { 404: 'No such account of the player' },
    access: 'player',
    idempotent: false,
    cache: NO_STORE,
  }),
  timezones: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: API_PATHS.timezones,
    summary: 'The time zones with their offset from UTC now',
    answer: timezonesSchema,
    access: 'anyone',
    idempotent: false,
    // Offsets change only at daylight-saving switches; an hour of caching is safe.
    cache: { kind: 'public', maxAgeS: 3600 },
  }),
} as const;

/** A host name, at most 253 characters of labels of letters, digits and inner dashes. */
const DOMAIN = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** counters' query: a project id (1 to 9 digits) and a host name (compared in lowercase). */
const countersQuerySchema = z.object({
  projectId: z.pipe(z.string().check(z.regex(/^\d{1,9}$/, 'a positive integer expected')), z.transform(Number)),
  domain: z.pipe(
    z.pipe(
      z.string(),
      z.transform((domain: string) => domain.toLowerCase()),
    ),
    z.string().check(z.regex(DOMAIN, 'a host name expected')),
  ),
});

/** The counters of a site and the secure cookie (spec 7 "Token and config", spec 9). */
export const COUNTER_ENDPOINTS = {
  counters: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: API_PATHS.counters,
    summary: 'The analytics counters (tag manager, metrics ids) of a project and domain',
    query: countersQuerySchema,
    answer: countersSchema,
    refusals: { 404: 'No such project' },
    access: 'anyone',
    idempotent: false,
    cache: { kind: 'public', maxAgeS: 300 },
  }),
  secureCookie: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: API_PATHS.secureCookie,
    summary: "Binds the player's session to this browser for 1800 s (sets the secure cookie)",
    body: secureCookieRequestSchema,
    answer: secureCookieResponseSchema,
    access: 'player',
    idempotent: false,
    cache: NO_STORE,
  }),
} as const;

/** How many items of a batch the collector stored. */
export const acceptedSchema = z.object({ accepted: z.int().check(z.gte(0)) });

/** The most scalar components a fingerprint may report. */
const MAX_FINGERPRINT_COMPONENTS = 64;
/** Flat, scalar components the fingerprint script reports (others are dropped), sorted; 1 to 64 of them. */
const fingerprintRequestSchema = z.object({
  components: z
    .pipe(
      z.record(z.string().check(z.maxLength(64)), z.unknown()),
      z.transform((components: Record<string, unknown>) =>
        Object.entries(components)
          .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    )
    .check(
      z.refine((entries) => entries.length > 0 && entries.length <= MAX_FINGERPRINT_COMPONENTS, {
        message: `1 to ${MAX_FINGERPRINT_COMPONENTS} scalar components expected`,
      }),
    ),
});

/**
 * The telemetry collectors: analytics events and metrics (also posted by navigator.sendBeacon, as
 * text; answered 202 with no Cache-Control), and the fingerprint the external script posts.
 */
export const ANALYTICS_ENDPOINTS = {
  events: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: API_PATHS.analyticsEvents,
    summary: "Stores a batch of analytics events (with the sender's session when its token is valid)",
    body: analyticsBatchSchema,
    answer: acceptedSchema,
    status: 202,
    access: 'visitor-or-player',
    idempotent: false,
    cache: NO_STORE,
  }),
  /** The metrics service: web vitals, frame timings and event counts; every sample or none. */
  metrics: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: API_PATHS.metrics,
    summary: "Stores a batch of the frame's metrics (web vitals, timings, event counts)",
    body: metricsBatchSchema,
    answer: acceptedSchema,
    status: 202,
    access: 'anyone',
    idempotent: false,
    cache: NO_STORE,
  }),
  fingerprint: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: API_PATHS.fingerprint,
    summary: "A visitor token made from the device's fingerprint components",
    body: fingerprintRequestSchema,
    answer: fingerprintResponseSchema,
    access: 'anyone',
    idempotent: false,
    cache: NO_STORE,
  }),
} as const;
