import { createHash } from 'node:crypto';
import { analyticsBatchSchema, METRICS_INVALID_CODE, metricsBatchSchema } from '@promo/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { analyticsEvents, frameMetrics } from '../db/schema.ts';
import { httpError } from '../http-error.ts';
import { type AuthGuard, parseBody } from './auth-guard.ts';
import { webApiPath } from './web-api.ts';

const BODY_LIMIT = 64 * 1024;
const FINGERPRINT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_COMPONENTS = 64;

/**
 * Telemetry the frame may post with navigator.sendBeacon, which sets no headers: exempt from the
 * X-Requested-With guard. Safe because these calls only add rows and never act on a cookie (the
 * session comes from the x-auth header alone), so a forged cross-site post gains nothing.
 */
export const BEACON_PATHS: ReadonlySet<string> = new Set([webApiPath('analyticsEvents'), webApiPath('metrics')]);

/** A beacon's body arrives as text/plain; a fetch's as JSON. Unreadable text stays as it is. */
function beaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * The analytics collector (events stored as sent, with the sender's session when its token is
 * valid; visitors without a token are counted too) and the fingerprint collector the external
 * fingerprint script posts its components to.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.post(webApiPath('analyticsEvents'), { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const { events } = parseBody(analyticsBatchSchema, beaconBody(request.body));
    const session = await guard.optionalSession(request);
    await db.insert(analyticsEvents).values(
      events.map((event) => ({
        name: event.name,
        source: event.source,
        payload: event.payload,
        occurredAt: new Date(event.occurredAt),
        sessionId: session?.id ?? null,
        userId: session?.userId ?? null,
      })),
    );
    return reply.code(202).send({ accepted: events.length });
  });

  // The metrics service: every sample of the batch or none (400 with a code, nothing written).
  app.post(webApiPath('metrics'), { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const parsed = metricsBatchSchema.safeParse(beaconBody(request.body));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        code: METRICS_INVALID_CODE,
        message: `Invalid metrics: ${where}${issue?.message ?? 'invalid'}`,
      });
    }
    const { metrics } = parsed.data;
    await db.insert(frameMetrics).values(
      metrics.map((sample) => ({
        kind: sample.kind,
        name: sample.name,
        value: sample.value,
        rating: sample.rating,
        path: sample.path,
        metricId: sample.id,
        occurredAt: new Date(sample.occurredAt),
      })),
    );
    return reply.code(202).send({ accepted: metrics.length });
  });

  app.post(webApiPath('fingerprint'), { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const body = request.body as { components?: unknown } | undefined;
    const components = body?.components;
    if (typeof components !== 'object' || components === null || Array.isArray(components)) {
      throw httpError(400, 'Invalid request body: components must be an object');
    }
    const entries = Object.entries(components)
      .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
      .sort(([a], [b]) => a.localeCompare(b));
    if (entries.length === 0 || entries.length > MAX_COMPONENTS) {
      throw httpError(400, `Invalid request body: 1 to ${MAX_COMPONENTS} scalar components expected`);
    }
    // The same device gives the same components, hence the same visitor token.
    const token = createHash('sha256').update(JSON.stringify(entries)).digest('base64url');
    return reply.header('cache-control', 'no-store').send({ token, expiresAt: Date.now() + FINGERPRINT_TTL_MS });
  });
}
