import { randomBytes } from 'node:crypto';
import {
  type Counters,
  countersSchema,
  SECURE_COOKIE,
  SECURE_COOKIE_MAX_AGE_S,
  secureCookieRequestSchema,
} from '@promo/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { loadProjectId } from '../domain/site-config.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type Api, noQuery } from '../http/validation.ts';
import { webApiPath } from '../http/web-api.ts';
import { httpError } from '../http-error.ts';

const DOMAIN = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const countersQuery = z.object({
  projectId: z
    .string()
    .regex(/^\d{1,9}$/, 'a positive integer expected')
    .transform(Number),
  domain: z
    .string()
    .transform((domain) => domain.toLowerCase())
    .pipe(z.string().regex(DOMAIN, 'a host name expected')),
});

/**
 * Spec 7 "Token and config": the counters of a project and domain (the tag manager and metrics
 * ids the frame's analytics use), and the secure-cookie call that binds a signed-in session to
 * this browser for 1800 s (spec 9).
 */
export function registerCounterRoutes(app: Api, db: Database, guard: AuthGuard): void {
  app.get(webApiPath('counters'), { schema: { querystring: countersQuery } }, async (request, reply) => {
    const { projectId, domain } = request.query;
    if (projectId !== (await loadProjectId(db))) throw httpError(404, `No project ${projectId}`, 'not_found');
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'counters'));
    const byDomain = (row?.value ?? {}) as Record<string, Counters['counters']>;
    const counters = (Object.hasOwn(byDomain, domain) ? byDomain[domain] : undefined) ?? byDomain['*'] ?? [];
    return reply
      .header('cache-control', 'public, max-age=300')
      .send(countersSchema.parse({ counters }) satisfies Counters);
  });

  app.post(
    webApiPath('secureCookie'),
    { schema: { querystring: noQuery, body: secureCookieRequestSchema } },
    async (request, reply) => {
      await guard.user(request);
      // An opaque value: the risk service matches it with the fingerprint; the frame never reads it.
      reply.setCookie(SECURE_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        httpOnly: true,
        secure: true,
        sameSite: 'none',
        maxAge: SECURE_COOKIE_MAX_AGE_S,
      });
      return reply.header('cache-control', 'no-store').send({ maxAge: SECURE_COOKIE_MAX_AGE_S });
    },
  );
}
