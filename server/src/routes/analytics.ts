import { createHash } from 'node:crypto';
import { ANALYTICS_ENDPOINTS, serverRoute } from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { analyticsEvents, frameMetrics } from '../db/schema.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import type { Api } from '../http/validation.ts';

const BODY_LIMIT = 64 * 1024;
const FINGERPRINT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Telemetry the frame may post with navigator.sendBeacon, which sets no headers: exempt from the
 * X-Requested-With guard. Safe because these calls only add rows and never act on a cookie (the
 * session comes from the x-auth header alone), so a forged cross-site post gains nothing.
 */
export const BEACON_PATHS: ReadonlySet<string> = new Set([
  serverRoute(ANALYTICS_ENDPOINTS.events),
  serverRoute(ANALYTICS_ENDPOINTS.metrics),
]);

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

const beacon = { bodyLimit: BODY_LIMIT, preValidation: readBeaconBody };

/**
 * The analytics collector (events stored as sent, with the sender's session when its token is
 * valid; visitors without a token are counted too) and the fingerprint collector the external
 * fingerprint script posts its components to.
 */
export function registerAnalyticsRoutes(app: Api, db: Database, guard: AuthGuard): void {
  const { events, metrics, fingerprint } = ANALYTICS_ENDPOINTS;
  registerEndpoints(
    app,
    { events, metrics },
    {
      events: async (request) => {
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
        return { accepted: events.length };
      },

      // The metrics service: every sample of the batch or none (400 with a code, nothing written).
      metrics: async (request) => {
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
        return { accepted: metrics.length };
      },
    },
    beacon,
  );

  registerEndpoints(
    app,
    { fingerprint },
    {
      fingerprint: async (request) => {
        const entries = request.body.components;
        // The same device gives the same components, hence the same visitor token.
        const token = createHash('sha256').update(JSON.stringify(entries)).digest('base64url');
        return { token, expiresAt: Date.now() + FINGERPRINT_TTL_MS };
      },
    },
    { bodyLimit: BODY_LIMIT },
  );
}
