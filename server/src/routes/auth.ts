import { fastLoginRequestSchema, MOBILE_CURRENCY_HEADER, MOBILE_PROJECT_ID_HEADER } from '@promo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { createLoginThrottle } from '../domain/login-throttle.ts';
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
import { httpError } from '../http-error.ts';
import { type AuthGuard, bearer, parseBody, SESSION_COOKIE } from './auth-guard.ts';
import { webApiPath as path } from './web-api.ts';

const sessionCookie = (request: FastifyRequest) => request.cookies[SESSION_COOKIE] ?? '';

/**
 * Spec 7 "Token and config" and "Auth and user": gettoken turns the session cookie into a JWT
 * (starting a visitor session when there is none); the sign-ins replace the session.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { db: Database; tokens: TokenService; sessions: SessionService; guard: AuthGuard },
): void {
  const { db, tokens, sessions, guard } = deps;
  const throttle = createLoginThrottle();

  app.get(path('getToken'), async (request, reply) => {
    let session = await sessions.find(sessionCookie(request));
    if (session) {
      await sessions.touch(session.id);
    } else {
      session = await sessions.start(null);
    }
    guard.setSessionCookie(reply, session.id);
    return reply.header('cache-control', 'no-store').send({ token: await tokens.issue(session.id) });
  });

  app.post(path('fastLogin'), async (request, reply) => {
    const { login, pass } = parseBody(fastLoginRequestSchema, request.body);
    const waitMs = throttle.retryAfterMs(login);
    if (waitMs > 0) {
      const minutes = Math.ceil(waitMs / 60_000);
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      throw httpError(429, `Too many failed sign-ins. Try again in ${minutes} min.`);
    }
    const user = await findUserByCredentials(db, login, pass);
    if (!user) {
      throttle.failed(login);
      throw httpError(401, 'Wrong login or password');
    }
    throttle.succeeded(login);
    const session = await sessions.start(user.id, sessionCookie(request));
    guard.setSessionCookie(reply, session.id);
    return reply.header('cache-control', 'no-store').send({ user_id: user.id });
  });

  app.post(path('disconnect'), async (request, reply) => {
    // Signing out twice, or with an expired token, is still a sign-out.
    const fromToken = await guard.optionalSession(request);
    if (fromToken) await sessions.revoke(fromToken.id);
    await sessions.revoke(sessionCookie(request));
    guard.clearSessionCookie(reply);
    return reply.send({ success: true });
  });

  app.get(path('sessionUser'), async (request, reply) => {
    const session = await guard.session(request);
    return reply.header('cache-control', 'no-store').send({ user_id: session.userId });
  });

  app.get(path('userConfig'), async (request, reply) => {
    const { userId } = await guard.user(request);
    const user = await findUser(db, userId);
    if (!user) throw httpError(401, 'Session user no longer exists');
    return reply.header('cache-control', 'no-store').send({
      result: { user_id: user.id, user_country_code: user.countryCode, user_country_id: user.countryId },
    });
  });

  // The app puts its long-lived token in the Authorization header (read from its auth cookie).
  app.post(path('mobileTokenAuth'), async (request, reply) => {
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
    const session = await sessions.start(user.id, sessionCookie(request));
    guard.setSessionCookie(reply, session.id);
    return reply.header('cache-control', 'no-store').send({ user_id: user.id });
  });
}
