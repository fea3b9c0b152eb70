import { createHash } from 'node:crypto';
import { analyticsBatchSchema, metricsBatchSchema } from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { analyticsEvents, frameMetrics } from '../db/schema.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type Api, noQuery } from '../http/validation.ts';
import { webApiPath } from '../http/web-api.ts';

const BODY_LIMIT = 64 * 1024;
const FINGERPRINT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_COMPONENTS = 64;

/**
 * Telemetry the frame may post with navigator.sendBeacon, which sets no headers: exempt from the
 * X-Requested-With guard. Safe because these calls only add rows and never act on a cookie (the
 * session comes from the x-auth header alone), so a forged cross-site post gains nothing.
 */
export const BEACON_PATHS: ReadonlySet<string> = new Set([webApiPath('analyticsEvents'), webApiPath('metrics')]);

/**
 * A beacon's body arrives as text/plain, a fetch's as JSON: the text is read as JSON before the
 * route's schema sees it (unreadable text stays as it is, and the schema refuses it).
 */
async function readBeaconBody(request: FastifyRequest): Promise<void> {
  if (typeof request.body !== 'string') return;
  try {
    request.body = JSON.parse(request.body);
  } catch {
    // left as text: not an object, so the body schema answers 400
  }
}

/** Flat, scalar components the fingerprint script reports; 1 to MAX_COMPONENTS of them. */
const fingerprintSchema = z.object({
  components: z
    .record(z.string().max(64), z.unknown())
    .transform((components) =>
      Object.entries(components)
        .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
        .sort(([a], [b]) => a.localeCompare(b)),
    )
    .refine((entries) => entries.length > 0 && entries.length <= MAX_COMPONENTS, {
      message: `1 to ${MAX_COMPONENTS} scalar components expected`,
    }),
});
const beacon = { bodyLimit: BODY_LIMIT, preValidation: readBeaconBody };

/**
 * The analytics collector (events stored as sent, with the sender's session when its token is
 * valid; visitors without a token are counted too) and the fingerprint collector the external
 * fingerprint script posts its components to.
 */
export function registerAnalyticsRoutes(app: Api, db: Database, guard: AuthGuard): void {
  app.post(
    webApiPath('analyticsEvents'),
    { ...beacon, schema: { querystring: noQuery, body: analyticsBatchSchema } },
    async (request, reply) => {
      const { events } = request.body;
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
    },
  );

  // The metrics service: every sample of the batch or none (400 with a code, nothing written).
  app.post(
    webApiPath('metrics'),
    { ...beacon, schema: { querystring: noQuery, body: metricsBatchSchema } },
    async (request, reply) => {
      const { metrics } = request.body;
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
    },
  );

  app.post(
    webApiPath('fingerprint'),
    { bodyLimit: BODY_LIMIT, schema: { querystring: noQuery, body: fingerprintSchema } },
    async (request, reply) => {
      const entries = request.body.components;
      // The same device gives the same components, hence the same visitor token.
      const token = createHash('sha256').update(JSON.stringify(entries)).digest('base64url');
      return reply.header('cache-control', 'no-store').send({ token, expiresAt: Date.now() + FINGERPRINT_TTL_MS });
    },
  );
}
