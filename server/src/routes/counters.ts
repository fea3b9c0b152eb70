import { randomBytes } from 'node:crypto';
import {
  type Counters,
  countersSchema,
  SECURE_COOKIE,
  SECURE_COOKIE_MAX_AGE_S,
  secureCookieRequestSchema,
} from '@promo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { loadProjectId } from '../domain/site-config.ts';
import type { AuthGuard } from './auth-guard.ts';
import { webApiPath } from './web-api.ts';

const DOMAIN = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const badRequest = (reply: FastifyReply, code: string, message: string) =>
  reply.code(400).send({ statusCode: 400, error: code, message });

/**
 * Spec 7 "Token and config": the counters of a project and domain (the tag manager and metrics
 * ids the frame's analytics use), and the secure-cookie call that binds a signed-in session to
 * this browser for 1800 s (spec 9).
 */
export function registerCounterRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.get<{ Querystring: { projectId?: unknown; domain?: unknown } }>(
    webApiPath('counters'),
    async (request, reply) => {
      const { projectId, domain } = request.query;
      if (typeof projectId !== 'string' || !/^\d{1,9}$/.test(projectId)) {
        return badRequest(reply, 'COUNTERS_BAD_PROJECT', 'projectId must be a positive integer');
      }
      if (typeof domain !== 'string' || !DOMAIN.test(domain.toLowerCase())) {
        return badRequest(reply, 'COUNTERS_BAD_DOMAIN', 'domain must be a host name');
      }
      if (Number(projectId) !== (await loadProjectId(db))) {
        return reply
          .code(404)
          .send({ statusCode: 404, error: 'COUNTERS_UNKNOWN_PROJECT', message: `No project ${projectId}` });
      }
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'counters'));
      const byDomain = (row?.value ?? {}) as Record<string, Counters['counters']>;
      const counters = byDomain[domain.toLowerCase()] ?? byDomain['*'] ?? [];
      return reply
        .header('cache-control', 'public, max-age=300')
        .send(countersSchema.parse({ counters }) satisfies Counters);
    },
  );

  app.post(webApiPath('secureCookie'), async (request, reply) => {
    await guard.user(request);
    const parsed = secureCookieRequestSchema.safeParse(request.body);
    if (!parsed.success)
      return badRequest(reply, 'SECURE_COOKIE_BAD_BODY', 'fingerprint must be 8-128 URL-safe characters');
    // An opaque value: the risk service matches it with the fingerprint; the frame never reads it.
    reply.setCookie(SECURE_COOKIE, randomBytes(24).toString('base64url'), {
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'none',
      maxAge: SECURE_COOKIE_MAX_AGE_S,
    });
    return reply.header('cache-control', 'no-store').send({ maxAge: SECURE_COOKIE_MAX_AGE_S });
  });
}
