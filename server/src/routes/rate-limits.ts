import { createHash, timingSafeEqual } from 'node:crypto';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { OPERATOR_API_BASE, OPERATOR_KEY_HEADER, WEB_API_BASE } from '@promo/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { httpError } from '../http-error.ts';
import { DEMO_OPERATOR_KEY, type RateLimits, type ServerSettings } from '../settings.ts';
import { bearer } from './auth-guard.ts';
import { webApiPath } from './web-api.ts';

const WINDOW_MS = 60_000;
/** Client addresses remembered per group; the least recently seen go first. */
const CACHE = 50_000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The address a client is counted by: request.ip (see TRUST_PROXY), an IPv6 client by its /64. */
export const clientAddress = (request: FastifyRequest): string => normalizeIP(request.ip);

const GROUP_OF_PATH = new Map<string, keyof RateLimits>([
  [webApiPath('fastLogin'), 'signIn'],
  [webApiPath('mobileTokenAuth'), 'signIn'],
  [webApiPath('getToken'), 'token'],
  [webApiPath('analyticsEvents'), 'telemetry'],
  [webApiPath('metrics'), 'telemetry'],
  [webApiPath('fingerprint'), 'telemetry'],
]);

/** The limit a route counts against, or undefined (reads of the web API, pages, assets). */
export function rateLimitGroup(method: string | readonly string[], url: string): keyof RateLimits | undefined {
  const named = GROUP_OF_PATH.get(url);
  if (named) return named;
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
  const key = settings.production && settings.operatorKey === DEMO_OPERATOR_KEY ? undefined : settings.operatorKey;
  const expected = key ? digest(key) : undefined;
  return {
    keyGenerator(request: FastifyRequest) {
      const given = bearer(request.headers[OPERATOR_KEY_HEADER]);
      const known = Boolean(expected && given && timingSafeEqual(digest(given), expected));
      return `${known ? 'operator' : 'anonymous'} ${clientAddress(request)}`;
    },
    max: (_request: FastifyRequest, bucket: string) =>
      bucket.startsWith('operator ') ? settings.rateLimits.operator : settings.rateLimits.signIn || Infinity,
  };
}

/**
 * Per-route rate limits (decision 017): registered before the routes, it puts each route that can
 * be abused under its group's limit, counted per client address over a minute; the answer past it
 * is a 429 with Retry-After and the app's error body, code rate_limited in the request's language.
 */
export async function registerRateLimits(app: FastifyInstance, settings: ServerSettings): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    cache: CACHE,
    errorResponseBuilder: (_request, context) =>
      httpError(429, `Rate limit exceeded, retry in ${context.after}`, 'rate_limited'),
  });
  const limits = settings.rateLimits;
  const byAddress = (max: number) => app.rateLimit({ max, timeWindow: WINDOW_MS, keyGenerator: clientAddress });
  const handlers: Partial<Record<keyof RateLimits, onRequestHookHandler>> = {};
  for (const group of ['signIn', 'token', 'telemetry', 'actions'] as const) {
    if (limits[group] > 0) handlers[group] = byAddress(limits[group]) as onRequestHookHandler;
  }
  if (limits.operator > 0) {
    handlers.operator = app.rateLimit({ timeWindow: WINDOW_MS, ...operatorKeying(settings) }) as onRequestHookHandler;
  }
  app.addHook('onRoute', (route) => {
    const group = rateLimitGroup(route.method, route.url);
    const handler = group && handlers[group];
    if (!handler) return;
    const own = route.onRequest;
    route.onRequest = own ? [...(Array.isArray(own) ? own : [own]), handler] : handler;
  });
}
