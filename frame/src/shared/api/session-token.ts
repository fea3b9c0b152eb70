import { USER_TOKEN_COOKIE } from '@promo/contract';
import { deleteCookie, readCookie, writeCookie } from '../lib/browser/cookies.ts';

/** A token this close to its exp counts as expired: clocks of phones and servers drift. */
export const TOKEN_EXPIRY_LEEWAY_MS = 30_000;

/** The exp claim of a JWT in milliseconds, or null when it has none (or is not a JWT). */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp: unknown = JSON.parse(json).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Spec 4: a token is valid only if present and carrying an expiry (not yet reached). */
export function isTokenValid(token: string | undefined, now = Date.now()): token is string {
  if (!token) return false;
  const expiry = tokenExpiry(token);
  return expiry !== null && expiry - TOKEN_EXPIRY_LEEWAY_MS > now;
}

/** Where the session token is kept. */
export interface TokenStore {
  read(): string | undefined;
  write(token: string): void;
  clear(): void;
}

/**
 * The cookie user_token (spec 3), mirrored in memory: in a cross-site iframe the browser may refuse
 * the cookie, and the frame must still work for the life of the page.
 */
export function createCookieTokenStore(now = Date.now): TokenStore {
  let memory: string | undefined;
  return {
    read: () => readCookie(USER_TOKEN_COOKIE) ?? memory,
    write(token) {
      memory = token;
      const expiry = tokenExpiry(token);
      if (expiry !== null) writeCookie(USER_TOKEN_COOKIE, token, Math.max(1, Math.floor((expiry - now()) / 1000)));
    },
    clear() {
      memory = undefined;
      deleteCookie(USER_TOKEN_COOKIE);
    },
  };
}
