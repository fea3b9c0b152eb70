import { setActiveAccountRequestSchema } from '@promo/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { listTimezones } from '../domain/timezones.ts';
import { listAccounts, setActiveAccount } from '../domain/users.ts';
import { httpError } from '../http-error.ts';
import { type AuthGuard, parseBody } from './auth-guard.ts';
import { webApiPath } from './web-api.ts';

/** Spec 7 "Common": balance, active account, time zones. */
export function registerUserRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.post(webApiPath('balance'), async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send({ accounts: await listAccounts(db, userId) });
  });

  app.post(webApiPath('setActiveAccount'), async (request, reply) => {
    const { userId } = await guard.user(request);
    const { id } = parseBody(setActiveAccountRequestSchema, request.body);
    if (!(await setActiveAccount(db, userId, id))) throw httpError(404, 'Account not found');
    return reply.header('cache-control', 'no-store').send({ accounts: await listAccounts(db, userId) });
  });

  app.get(webApiPath('timezones'), async (_request, reply) =>
    // Offsets change only at daylight-saving switches; an hour of caching is safe.
    reply.header('cache-control', 'public, max-age=3600').send({ timezones: listTimezones() }),
  );
}
