import { USER_ENDPOINTS } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { currentTimezones } from '../domain/timezones.ts';
import { listAccounts, setActiveAccount } from '../domain/users.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

/** Spec 7 "Common": balance, active account, time zones. */
export function registerUserRoutes(app: Api, db: Database, guard: AuthGuard): void {
  registerEndpoints(app, USER_ENDPOINTS, {
    balance: async (request) => {
      const { userId } = await guard.user(request);
      return { accounts: await listAccounts(db, userId) };
    },

    setActiveAccount: async (request) => {
      const { userId } = await guard.user(request);
      if (!(await setActiveAccount(db, userId, request.body.id)))
        throw httpError(404, 'Account not found', 'not_found');
      return { accounts: await listAccounts(db, userId) };
    },

    timezones: async () => ({ timezones: [...currentTimezones()] }),
  });
}
