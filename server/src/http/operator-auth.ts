import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type Endpoint,
  isStaffRole,
  OPERATOR_API_BASE,
  OPERATOR_KEY_HEADER,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  STAFF_SESSION_COOKIE,
  type StaffRole,
} from '@promo/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { operatorKeys } from '../db/schema.ts';
import type { Actor } from '../domain/audit.ts';
import { operatorKeyHash } from '../domain/operator-keys.ts';
import { STAFF_SESSION_MAX_MS, staffSession } from '../domain/staff.ts';
import { httpError } from '../http-error.ts';
import { acceptedOperatorKey, type ServerSettings } from '../settings.ts';
import { bearer } from './auth-guard.ts';
import { clientAddress } from './rate-limits.ts';

/** Who calls the operator API: a staff member by their console session, or an operator key. */
export interface OperatorCaller {
  role: StaffRole;
  actor: Actor;
  /** The session's idle end (Unix seconds) for a staff session; null for a key. */
  idleUntil: number | null;
  via: 'session' | 'key';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set before the handler of every `operator` entry runs (registerEndpoints). */
    operator: OperatorCaller | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const keyDigest = (value: string): Buffer => createHash('sha256').update(value).digest();

export type OperatorAuthenticate = (request: FastifyRequest) => Promise<OperatorCaller>;

/**
 * How the operator API knows its caller (decision 042), checked before anything else a route reads:
 * - `Authorization: Bearer <key>`: the configured OPERATOR_API_KEY (role admin) or a key of the
 *   operator_keys table (its role); a wrong key is 401, and 503 when the server has no key at all;
 * - the console's session cookie: the staff member's role, while the session lives; a console write
 *   must carry X-Requested-With (a cross-site form cannot);
 * - neither: 401.
 */
export function operatorAuthentication(db: Database, settings: ServerSettings): OperatorAuthenticate {
  const configured = acceptedOperatorKey(settings);
  const expected = configured ? keyDigest(configured) : undefined;
  return async (request) => {
    const address = clientAddress(request);
    const key = bearer(request.headers[OPERATOR_KEY_HEADER]);
    if (key) {
      if (expected && timingSafeEqual(keyDigest(key), expected)) {
        return {
          role: 'admin',
          actor: { staffId: null, name: 'key:OPERATOR_API_KEY', address },
          idleUntil: null,
          via: 'key',
        };
      }
      const [stored] = await db
        .select()
        .from(operatorKeys)
        .where(and(eq(operatorKeys.keyHash, operatorKeyHash(key)), isNull(operatorKeys.revokedAt)));
      if (stored && isStaffRole(stored.role)) {
        return {
          role: stored.role,
          actor: { staffId: null, name: `key:${stored.label}`, address },
          idleUntil: null,
          via: 'key',
        };
      }
      if (!expected) throw httpError(503, 'The operator feed is not configured (OPERATOR_API_KEY)', 'feed_disabled');
      throw httpError(401, 'Operator key missing or wrong', 'operator_key');
    }
    const token = request.cookies?.[STAFF_SESSION_COOKIE];
    if (token) {
      const now = new Date();
      const session = await staffSession(db, token, now);
      if (session) {
        if (UNSAFE_METHODS.has(request.method) && request.headers[REQUESTED_WITH_HEADER] !== REQUESTED_WITH_VALUE) {
          throw httpError(403, `${REQUESTED_WITH_HEADER}: ${REQUESTED_WITH_VALUE} is required`, 'csrf_header_required');
        }
        return {
          role: session.member.role,
          actor: { staffId: session.member.id, name: session.member.login, address },
          idleUntil: Math.floor(session.idleUntil.getTime() / 1000),
          via: 'session',
        };
      }
      throw httpError(401, 'Your console session has ended: sign in again', 'staff_session');
    }
    throw httpError(401, 'Sign in to the console, or send an operator key', 'operator_key');
  };
}

const authenticators = new WeakMap<object, OperatorAuthenticate>();

/** Installs how an app knows the operator API's callers: before any `operator` entry is registered. */
export function setOperatorAuthentication(app: FastifyInstance, authenticate: OperatorAuthenticate): void {
  if (!app.hasRequestDecorator('operator')) app.decorateRequest('operator', null);
  authenticators.set(app, authenticate);
}

/**
 * The check an `operator` entry runs first: the caller, then whether its role may call the entry
 * (403 `forbidden_role` otherwise). The role matrix test reads the same `roles`.
 */
export function operatorGuard(app: FastifyInstance, entry: Endpoint) {
  const authenticate = authenticators.get(app);
  const roles = entry.roles ?? [];
  if (!authenticate) throw new Error(`${entry.method} ${entry.path}: the app has no operator authentication`);
  if (roles.length === 0) throw new Error(`${entry.method} ${entry.path}: an operator entry names no roles`);
  return async (request: FastifyRequest) => {
    const caller = await authenticate(request);
    if (!roles.includes(caller.role)) {
      throw httpError(403, `The ${caller.role} role may not do this`, 'forbidden_role', { role: caller.role });
    }
    request.operator = caller;
  };
}

/** The caller of an operator entry's handler (its guard ran first). */
export function operatorOf(request: FastifyRequest): OperatorCaller {
  if (!request.operator) throw new Error('operatorOf: not an operator route');
  return request.operator;
}

/** The console's session cookie: httpOnly, SameSite=Strict, on the operator API only. */
export function setStaffCookie(reply: FastifyReply, token: string, settings: ServerSettings): void {
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: settings.production,
    path: OPERATOR_API_BASE,
    maxAge: Math.floor(STAFF_SESSION_MAX_MS / 1000),
  });
}

export function clearStaffCookie(reply: FastifyReply, settings: ServerSettings): void {
  reply.clearCookie(STAFF_SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: settings.production,
    path: OPERATOR_API_BASE,
  });
}
