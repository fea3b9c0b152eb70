import { randomBytes } from 'node:crypto';
import {
  COUNTER_ENDPOINTS,
  type Counters,
  countersSchema,
  SECURE_COOKIE,
  SECURE_COOKIE_MAX_AGE_S,
} from '@promo/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { loadProjectId } from '../domain/site-config.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

/**
 * Spec 7 "Token and config": the counters of a project and domain (the tag manager and metrics
 * ids the frame's analytics use), and the secure-cookie call that binds a signed-in session to
 * this browser for 1800 s (spec 9).
 */
export function registerCounterRoutes(app: Api, db: Database, guard: AuthGuard): void {
  registerEndpoints(app, COUNTER_ENDPOINTS, {
    counters: async (request) => {
      const { projectId, domain } = request.query;
      if (projectId !== (await loadProjectId(db))) throw httpError(404, `No project ${projectId}`, 'not_found');
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'counters'));
      const byDomain = (row?.value ?? {}) as Record<string, Counters['counters']>;
      const counters = (Object.hasOwn(byDomain, domain) ? byDomain[domain] : undefined) ?? byDomain['*'] ?? [];
      return countersSchema.parse({ counters }) satisfies Counters;
    },

    secureCookie: async (request, reply) => {
      await guard.user(request);
      // An opaque value: the risk service matches it with the fingerprint; the frame never reads it.
      reply.setCookie(SECURE_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        httpOnly: true,
        secure: true,
        sameSite: 'none',
        maxAge: SECURE_COOKIE_MAX_AGE_S,
      });
      return { maxAge: SECURE_COOKIE_MAX_AGE_S };
    },
  });
}
