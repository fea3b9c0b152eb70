import { AUTH_HEADER, IDEMPOTENCY_KEY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@promo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Session, type SessionService, sessionInvalid } from '../domain/sessions.ts';
import type { TokenClaims, TokenService } from '../domain/tokens.ts';
import { httpError } from '../http-error.ts';
import type { ServerSettings } from '../settings.ts';

/** httpOnly cookie naming the site session; gettoken turns it into JWTs. */
export const SESSION_COOKIE = 'promo_session';
/**
 * The session cookie's name where it is Secure: the __Host- prefix makes the browser refuse it
 * unless it is Secure, for the whole host (Path=/) and set by the host itself (no Domain), so a
 * sibling subdomain or a plain-http page cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export interface AuthGuard {
  /** What the request's x-auth token names, its signature and expiry checked (no database); 401 otherwise. */
  claims(request: FastifyRequest): Promise<TokenClaims>;
  /** The session of the request's x-auth token; 401 when the token is missing, invalid or expired. */
  session(request: FastifyRequest): Promise<Session>;
  /** Same, and the session must be signed in (403 for visitors: a new token would not help). */
  user(request: FastifyRequest): Promise<Session & { userId: number }>;
  /** The session of x-auth when it is valid, else null; for calls that visitors may make too. */
  optionalSession(request: FastifyRequest): Promise<Session | null>;
  /**
   * The player a read that visitors may make too is for: x-auth's signed-in player, else null. A
   * console preview's widget (its link's token in `preview`) reads as a visitor, whoever the
   * browser is signed in as: a preview never shows a player's progress.
   */
  readerId(request: FastifyRequest, preview: string | undefined): Promise<number | null>;
  /** The session id the request's session cookie carries ('' without one). */
  sessionCookie(request: FastifyRequest): string;
  setSessionCookie(reply: FastifyReply, sessionId: string): void;
  clearSessionCookie(reply: FastifyReply): void;
}

/** The token of an `Authorization`-style header value, with or without the Bearer scheme. */
export const bearer = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' ? value.replace(/^Bearer\s+/i, '').trim() || undefined : undefined;

export function createAuthGuard(tokens: TokenService, sessions: SessionService, settings: ServerSettings): AuthGuard {
  const verified = async (request: FastifyRequest) => {
    const token = bearer(request.headers[AUTH_HEADER]);
    return token ? tokens.verify(token) : null;
  };
  const optionalSession = async (request: FastifyRequest) => {
    const claims = await verified(request);
    return claims ? sessions.find(claims.sessionId, claims.visitor) : null;
  };
  const secure = settings.production || settings.sessionCookieSameSite === 'none';
  const cookieName = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: settings.sessionCookieSameSite, secure } as const;
  return {
    async claims(request) {
      const claims = await verified(request);
      if (!claims) throw sessionInvalid();
      return claims;
    },
    optionalSession,
    readerId: async (request, preview) => (preview ? null : ((await optionalSession(request))?.userId ?? null)),
    async session(request) {
      const session = await optionalSession(request);
      if (!session) throw sessionInvalid();
      return session;
    },
    async user(request) {
      const session = await this.session(request);
      if (session.userId === null) throw httpError(403, 'Sign in required', 'sign_in_required');
      return { ...session, userId: session.userId };
    },
    sessionCookie: (request) => request.cookies[cookieName] ?? '',
    setSessionCookie(reply, sessionId) {
      reply.setCookie(cookieName, sessionId, { ...cookieOptions, maxAge: settings.sessionTtlSeconds });
    },
    clearSessionCookie(reply) {
      reply.clearCookie(cookieName, cookieOptions);
    },
  };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A URL's path, percent-decoded (an undecodable one as it is: the router answers it 400 or 404). */
function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Cross-site request forgery guard: a state-changing web API call must carry X-Requested-With,
 * which a cross-site form cannot set and a cross-site script cannot send without CORS (none here).
 */
export function requireRequestedWith(
  app: FastifyInstance,
  prefix: string,
  exempt: ReadonlySet<string> = new Set(),
): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    // The path as the router matched it (the registered route), not the raw URL: /%77eb-api/...
    // reaches the /web-api routes too. An unmatched path is decoded as the router would.
    const path = request.routeOptions.url ?? decodedPath(request.url);
    if (!path.startsWith(prefix) || exempt.has(path)) return;
    if (request.headers[REQUESTED_WITH_HEADER] !== REQUESTED_WITH_VALUE) {
      throw httpError(403, `${REQUESTED_WITH_HEADER}: ${REQUESTED_WITH_VALUE} is required`, 'csrf_header_required');
    }
  });
}

/** The Idempotency-Key every money-adjacent call must carry. */
export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof key !== 'string' || !/^[\w-]{8,100}$/.test(key)) {
    throw httpError(
      400,
      `${IDEMPOTENCY_KEY_HEADER} header (8-100 letters, digits, - or _) is required`,
      'idempotency_key_required',
    );
  }
  return key;
}
