import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

const SECRET_NAME = 'jwt-hs256';
const ISSUER = 'promo-frame-reference-server';
/** Tokens checked and remembered (each until it expires): a player's calls reuse one token for minutes. */
const VERIFIED_TOKENS = 10_000;

/** What a valid token says: the session it names, and whether that is a visitor's (no row kept). */
export interface TokenClaims {
  sessionId: string;
  visitor: boolean;
}

/**
 * Signs and checks the short-lived JWTs the frame sends in x-auth. A token names a session; who
 * is signed in is read from the session row, so signing out takes effect at once. A visitor token
 * says so (`vis`): its session has no row until a sign-in revokes it. The key lives in the
 * database so that every instance behind a load balancer accepts the tokens of the others.
 */
export interface TokenService {
  /** A signed JWT for the session, with exp. */
  issue(sessionId: string, visitor: boolean): Promise<string>;
  /** What a valid, unexpired token names, or null. */
  verify(token: string): Promise<TokenClaims | null>;
}

async function loadOrCreateKey(db: Database): Promise<Uint8Array<ArrayBuffer>> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('JWT signing key missing after insert');
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}

export async function createTokenService(db: Database, ttlSeconds: number): Promise<TokenService> {
  // Imported once: given raw bytes, jose would import the key again for every token.
  const key = await crypto.subtle.importKey(
    'raw',
    await loadOrCreateKey(db),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A signature, once checked, stays valid; only the expiry moves, and the entry's ttl is the
  // token's own exp. A token that fails is not kept, so made-up tokens cannot fill the cache.
  const verified = new LRUCache<string, TokenClaims>({ max: VERIFIED_TOKENS });
  return {
    issue(sessionId, visitor) {
      return new SignJWT(visitor ? { vis: true } : {})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || payload.exp === undefined) return null;
        const claims = { sessionId: payload.sub, visitor: payload.vis === true };
        verified.set(token, claims, { ttl: payload.exp * 1000 - Date.now() });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
