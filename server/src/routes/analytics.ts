import { createHash } from 'node:crypto';
import { analyticsBatchSchema } from '@promo/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { analyticsEvents } from '../db/schema.ts';
import { httpError } from '../http-error.ts';
import { type AuthGuard, parseBody } from './auth-guard.ts';
import { webApiPath } from './web-api.ts';

const BODY_LIMIT = 64 * 1024;
const FINGERPRINT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_COMPONENTS = 64;

/**
 * The analytics collector (events stored as sent, with the sender's session when its token is
 * valid; visitors without a token are counted too) and the fingerprint collector the external
 * fingerprint script posts its components to.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.post(webApiPath('analyticsEvents'), { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const { events } = parseBody(analyticsBatchSchema, request.body);
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
