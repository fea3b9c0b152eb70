import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_ENDPOINTS, MOBILE_CURRENCY_HEADER, MOBILE_PROJECT_ID_HEADER } from '@promo/contract';
import type { Database } from '../db/client.ts';
import type { Notifications } from '../db/notifications.ts';
import { createLoginThrottle, shareLoginThrottle } from '../domain/login-throttle.ts';
import { createPasswordPolicy } from '../domain/passwords.ts';
import type { SessionService } from '../domain/sessions.ts';
import { loadProjectId } from '../domain/site-config.ts';
import type { TokenService } from '../domain/tokens.ts';
import {
  findUser,
  findUserByAppToken,
  findUserByCredentials,
  listAccounts,
  setActiveAccount,
} from '../domain/users.ts';
import { type AuthGuard, bearer } from '../http/auth-guard.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import { clientAddress } from '../http/rate-limits.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

/**
 * Spec 7 "Token and config" and "Auth and user": gettoken turns the session cookie into a JWT (a
 * visitor's, with no row stored, when there is no signed-in session); the sign-ins replace the session.
 */
export function registerAuthRoutes(
  app: Api,
  deps: {
    db: Database;
    tokens: TokenService;
    sessions: SessionService;
    guard: AuthGuard;
    notifications: Notifications;
    /** scrypt's cost of this server (settings.scryptLog2N). */
    scryptLog2N: number;
  },
): void {
  const { db, tokens, sessions, guard, notifications } = deps;
  const passwords = createPasswordPolicy(deps.scryptLog2N);
  // The counts are the same in every process on the database (decision 021).
  const throttle = shareLoginThrottle(createLoginThrottle(), notifications, (err) =>
    app.log.error({ err }, 'login throttle notification failed'),
  );

  registerEndpoints(app, AUTH_ENDPOINTS, {
    getToken: async (request, reply) => {
      const session = await sessions.resume(guard.sessionCookie(request));
      guard.setSessionCookie(reply, session.id);
      const token = await tokens.issue(session.id, session.userId === null);
      return { token };
    },

    fastLogin: async (request, reply) => {
      const { login, pass } = request.body;
      // Decision 017: the back-off is per account and address, so a guesser elsewhere locks nobody out.
      const source = clientAddress(request);
      const { retryAfterMs, delayMs } = throttle.check(login, source);
      if (retryAfterMs > 0) {
        const seconds = Math.ceil(retryAfterMs / 1000);
        reply.header('retry-after', String(seconds));
        throw httpError(429, `Too many failed sign-ins. Try again in ${seconds} s.`, 'too_many_sign_ins');
      }
      // Counted as failed before the hash is checked: parallel guesses meet the limit together
      // (each is checked against the others' reservations), not after all are answered.
      throttle.failed(login, source);
      if (delayMs > 0) await sleep(delayMs);
      const user = await findUserByCredentials(db, login, pass, passwords);
      if (!user) throw httpError(401, 'Wrong login or password', 'wrong_credentials');
      throttle.succeeded(login, source);
      const session = await sessions.start(user.id, guard.sessionCookie(request));
      guard.setSessionCookie(reply, session.id);
      return { user_id: user.id };
    },

    disconnect: async (request, reply) => {
      // Signing out twice, or with an expired token, is still a sign-out.
      const fromToken = await guard.optionalSession(request);
      if (fromToken) await sessions.revoke(fromToken.id);
      await sessions.revoke(guard.sessionCookie(request));
      guard.clearSessionCookie(reply);
      return { success: true };
    },

    sessionUser: async (request) => {
      const session = await guard.session(request);
      return { user_id: session.userId };
    },

    userConfig: async (request) => {
      const { userId } = await guard.user(request);
      const user = await findUser(db, userId);
      if (!user) throw httpError(401, 'Session user no longer exists');
      return { result: { user_id: user.id, user_country_code: user.countryCode, user_country_id: user.countryId } };
    },

    // The app puts its long-lived token in the Authorization header (read from its auth cookie).
    mobileTokenAuth: async (request, reply) => {
      const appToken = bearer(request.headers.authorization);
      if (!appToken) throw httpError(401, 'Authorization header missing');
      const projectId = request.headers[MOBILE_PROJECT_ID_HEADER];
      if (projectId !== undefined) {
        const expected = await loadProjectId(db);
        if (projectId !== String(expected)) throw httpError(400, `${MOBILE_PROJECT_ID_HEADER} must be ${expected}`);
      }
      const user = await findUserByAppToken(db, appToken);
      if (!user) throw httpError(401, 'App token unknown or revoked');
      const currency = request.headers[MOBILE_CURRENCY_HEADER];
      if (typeof currency === 'string') {
        // The app's currency becomes the active account when the user has one in it.
        const account = (await listAccounts(db, user.id)).find((item) => item.currencyCode === currency.toUpperCase());
        if (account) await setActiveAccount(db, user.id, account.id);
      }
      const session = await sessions.start(user.id, guard.sessionCookie(request));
      guard.setSessionCookie(reply, session.id);
      return { user_id: user.id };
    },
  });
}
