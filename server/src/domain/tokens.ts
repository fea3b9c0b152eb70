import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client.ts';
import { serverSecrets, sessions } from '../db/schema.ts';

const SECRET_NAME = 'jwt-hs256';
const ISSUER = 'promo-frame-reference-server';

/**
 * Signs and checks session tokens. The key lives in the database so that every instance
 * behind a load balancer accepts the tokens of the others.
 */
export interface TokenService {
  /** Opens a session (anonymous until sign-in) and returns its signed JWT with exp. */
  issue(userId: number | null): Promise<string>;
  /** Returns the claims of a valid, unexpired token, or null. */
  verify(token: string): Promise<{ sid: string; userId: number | null } | null>;
}

async function loadOrCreateKey(db: Database): Promise<Uint8Array> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('JWT signing key missing after insert');
  return Buffer.from(row.value, 'base64');
}

export async function createTokenService(db: Database, ttlSeconds: number): Promise<TokenService> {
  const key = await loadOrCreateKey(db);
  return {
    async issue(userId) {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const [session] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
      if (!session) throw new Error('session insert returned no row');
      return new SignJWT({ uid: userId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(session.id)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        return { sid: payload.sub, userId: typeof payload.uid === 'number' ? payload.uid : null };
      } catch {
        return null;
      }
    },
  };
}
