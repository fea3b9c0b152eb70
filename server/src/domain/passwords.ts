import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
/** scrypt's block size and parallelism; the cost N is the setting (2^log2N). */
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

/**
 * scrypt's cost in production: N = 2^17 (OWASP's minimum for scrypt), 128 MiB and a few hundred
 * ms per hash. A production server refuses less (settings.ts, PASSWORD_SCRYPT_LOG2N).
 */
export const PRODUCTION_SCRYPT_LOG2N = 17;
/**
 * Outside production: 2^14, so tests and demos that sign in hundreds of times stay quick; the demo
 * players' passwords are published anyway. A production start raises each hash it meets at sign-in.
 */
export const DEVELOPMENT_SCRYPT_LOG2N = 14;

interface Cost {
  N: number;
  r: number;
  p: number;
}
const costOf = (log2N: number): Cost => ({ N: 2 ** log2N, r: BLOCK_SIZE, p: PARALLELISM });

function derive(password: string, salt: Buffer, cost: Cost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128 * N * r bytes; twice that leaves room (Node refuses past maxmem).
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** scrypt with a random salt at 2^log2N, stored as `scrypt$N$r$p$salt$hash` so the cost can rise later. */
export async function hashPassword(password: string, log2N: number = PRODUCTION_SCRYPT_LOG2N): Promise<string> {
  const cost = costOf(log2N);
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** The cost a stored hash was made with, or null when it is no scrypt hash of ours. */
function storedCost(stored: string): (Cost & { salt: string; hash: string }) | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((value) => Number.isInteger(value) && value > 0)) return null;
  return { ...cost, salt, hash };
}

/** Constant-time check; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = storedCost(stored);
  if (!parsed) return false;
  const { salt, hash, ...cost } = parsed;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** How one server hashes and checks passwords: its cost, and the check of a login that does not exist. */
export interface PasswordPolicy {
  hash(password: string): Promise<string>;
  /** A stored hash made with less than this server's cost: raised at its next successful sign-in. */
  needsRehash(stored: string): boolean;
  /**
   * The check of a login that does not exist: the same work as a wrong password (a hash of a random
   * password at this cost, made once), so the answer's time does not tell who has an account.
   */
  verifyNoPassword(password: string): Promise<false>;
}

export function createPasswordPolicy(log2N: number): PasswordPolicy {
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hashPassword(password, log2N),
    needsRehash(stored) {
      const cost = storedCost(stored);
      return cost !== null && cost.N < 2 ** log2N;
    },
    async verifyNoPassword(password) {
      dummyHash ??= hashPassword(randomBytes(16).toString('base64'), log2N);
      await verifyPassword(password, await dummyHash);
      return false;
    },
  };
}
