import { createHash, timingSafeEqual } from 'node:crypto';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import {
  ANALYTICS_ENDPOINTS,
  AUTH_ENDPOINTS,
  CONSOLE_ENDPOINTS,
  OPERATOR_API_BASE,
  OPERATOR_KEY_HEADER,
  STAFF_SESSION_COOKIE,
  serverRoute,
  WEB_API_BASE,
} from '@promo/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Database } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';
import { httpError } from '../http-error.ts';
import { acceptedOperatorKey, type RateLimits, type ServerSettings } from '../settings.ts';
import { bearer } from './auth-guard.ts';

const WINDOW_MS = 60_000;
/** Client addresses remembered per group; the least recently seen go first. */
const CACHE = 50_000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The address a client is counted by: request.ip (see TRUST_PROXY), an IPv6 client by its /64. */
export const clientAddress = (request: FastifyRequest): string => normalizeIP(request.ip);

const GROUP_OF_PATH = new Map<string, keyof RateLimits>([
  [serverRoute(AUTH_ENDPOINTS.fastLogin), 'signIn'],
  [serverRoute(AUTH_ENDPOINTS.mobileTokenAuth), 'signIn'],
  [serverRoute(AUTH_ENDPOINTS.getToken), 'token'],
  [serverRoute(ANALYTICS_ENDPOINTS.events), 'telemetry'],
  [serverRoute(ANALYTICS_ENDPOINTS.metrics), 'telemetry'],
  [serverRoute(ANALYTICS_ENDPOINTS.fingerprint), 'telemetry'],
]);

/** The limit a route counts against, or undefined (reads of the web API, pages, assets). */
export function rateLimitGroup(method: string | readonly string[], url: string): keyof RateLimits | undefined {
  const named = GROUP_OF_PATH.get(url);
  if (named) return named;
  // The console's sign-in shares its path with the session's read and its sign-out.
  const signIn = CONSOLE_ENDPOINTS.signIn;
  if (url === serverRoute(signIn) && [method].flat().includes(signIn.method)) return 'signIn';
  if (url.startsWith(OPERATOR_API_BASE)) return 'operator';
  const methods = typeof method === 'string' ? [method] : method;
  return url.startsWith(WEB_API_BASE) && methods.some((m) => UNSAFE_METHODS.has(m)) ? 'actions' : undefined;
}

/**
 * The operator's calls count per key and address: with the configured key they share the operator
 * limit; without it (a missing or wrong key, i.e. guessing) per address at the sign-in limit.
 */
function operatorKeying(settings: ServerSettings) {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const key = acceptedOperatorKey(settings);
  const expected = key ? digest(key) : undefined;
  return {
    keyGenerator(request: FastifyRequest) {
      const given = bearer(request.headers[OPERATOR_KEY_HEADER]);
      const known = Boolean(expected && given && timingSafeEqual(digest(given), expected));
      // A console session's calls count at the operator's limit too (a guessed session token is 256 bits).
      const staff = !given && Boolean(request.cookies?.[STAFF_SESSION_COOKIE]);
      return `${known || staff ? 'operator' : 'anonymous'} ${clientAddress(request)}`;
    },
    max: (_request: FastifyRequest, bucket: string) =>
      bucket.startsWith('operator ') ? settings.rateLimits.operator : settings.rateLimits.signIn || Infinity,
  };
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store in the database, for several server processes on one PostgreSQL:
 * each request is one atomic upsert of its key's count in the current window (a fixed window,
 * like the plugin's own store), so the processes count together. Keys name their group
 * (`keyed`), so one table serves every limit.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const window = sql`(${timeWindow}::int * interval '1 millisecond')`;
      const expired = sql`h.window_started_at + ${window} <= now()`;
      db.execute<{ hits: number; ttl: number }>(sql`
        insert into ${rateLimitHits} as h (key, window_started_at, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          hits = case when ${expired} then 1 else h.hits + 1 end,
          window_started_at = case when ${expired} then now() else h.window_started_at end
        returning hits,
          greatest(0, ceil(extract(epoch from h.window_started_at + ${window} - now()) * 1000))::int as ttl
      `).then(
        ({ rows: [row] }) => callback(null, { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? timeWindow) }),
        (error: Error) => callback(error),
      );
    }

    child(): DatabaseRateLimitStore {
      return this;
    }
  };
}

/**
 * Per-route rate limits (decision 017): registered before the routes, it puts each route that can
 * be abused under its group's limit, counted per client address over a minute; the answer past it
 * is a 429 with Retry-After and the app's error body, code rate_limited in the request's language.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: ServerSettings,
  sharedIn?: Database,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    cache: CACHE,
    // Counted in the database when several processes may share it (PostgreSQL); else in memory.
    ...(sharedIn ? { store: databaseRateLimitStore(sharedIn) } : {}),
    errorResponseBuilder: (_request, context) =>
      httpError(429, `Rate limit exceeded, retry in ${context.after}`, 'rate_limited'),
  });
  const limits = settings.rateLimits;
  // Each group counts apart: its name leads the key (one table holds every group's counts).
  const byAddress = (group: keyof RateLimits) =>
    app.rateLimit({
      max: limits[group],
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => `${group} ${clientAddress(request)}`,
    });
  const handlers: Partial<Record<keyof RateLimits, onRequestHookHandler>> = {};
  for (const group of ['signIn', 'token', 'telemetry', 'actions'] as const) {
    if (limits[group] > 0) handlers[group] = byAddress(group) as onRequestHookHandler;
  }
  if (limits.operator > 0) {
    handlers.operator = app.rateLimit({ timeWindow: WINDOW_MS, ...operatorKeying(settings) }) as onRequestHookHandler;
  }
  app.addHook('onRoute', (route) => {
    const group = rateLimitGroup(route.method, route.url);
    const handler = group && handlers[group];
    if (!handler) return;
    // First, before the route's own hooks: a request the route refuses (a wrong operator key is a
    // 401 in its onRequest) still counts, or guessing the key would never be limited.
    const own = route.onRequest;
    route.onRequest = own ? [handler, ...(Array.isArray(own) ? own : [own])] : handler;
  });
}
