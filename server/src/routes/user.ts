import { setActiveAccountRequestSchema } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { listTimezones } from '../domain/timezones.ts';
import { listAccounts, setActiveAccount } from '../domain/users.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type Api, noBody, noQuery } from '../http/validation.ts';
import { webApiPath } from '../http/web-api.ts';
import { httpError } from '../http-error.ts';

/** Spec 7 "Common": balance, active account, time zones. */
export function registerUserRoutes(app: Api, db: Database, guard: AuthGuard): void {
  app.post(webApiPath('balance'), { schema: { querystring: noQuery, body: noBody } }, async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send({ accounts: await listAccounts(db, userId) });
  });

  app.post(
    webApiPath('setActiveAccount'),
    { schema: { querystring: noQuery, body: setActiveAccountRequestSchema } },
    async (request, reply) => {
      const { userId } = await guard.user(request);
      if (!(await setActiveAccount(db, userId, request.body.id)))
        throw httpError(404, 'Account not found', 'not_found');
      return reply.header('cache-control', 'no-store').send({ accounts: await listAccounts(db, userId) });
    },
  );

  app.get(webApiPath('timezones'), { schema: { querystring: noQuery } }, async (_request, reply) =>
    // Offsets change only at daylight-saving switches; an hour of caching is safe.
    reply.header('cache-control', 'public, max-age=3600').send({ timezones: listTimezones() }),
  );
}
