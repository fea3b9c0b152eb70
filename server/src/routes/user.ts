import { API_PATHS, setActiveAccountRequestSchema, WEB_API_BASE } from '@promo/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { listTimezones } from '../domain/timezones.ts';
import { listAccounts, setActiveAccount } from '../domain/users.ts';
import { type AuthGuard, httpError, parseBody } from './auth-guard.ts';

/** Spec 7 "Common": balance, active account, time zones. */
export function registerUserRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.post(`${WEB_API_BASE}${API_PATHS.balance}`, async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send({ accounts: await listAccounts(db, userId) });
  });

  app.post(`${WEB_API_BASE}${API_PATHS.setActiveAccount}`, async (request, reply) => {
    const { userId } = await guard.user(request);
    const { id } = parseBody(setActiveAccountRequestSchema, request.body);
    if (!(await setActiveAccount(db, userId, id))) throw httpError(404, 'Account not found');
    return reply.header('cache-control', 'no-store').send({ accounts: await listAccounts(db, userId) });
  });

  app.get(`${WEB_API_BASE}${API_PATHS.timezones}`, async (_request, reply) =>
    // Offsets change only at daylight-saving switches; an hour of caching is safe.
    reply.header('cache-control', 'public, max-age=3600').send({ timezones: listTimezones() }),
  );
}
