import { createHash, randomBytes } from 'node:crypto';
import { type SpinResult, WHEEL_SEGMENTS, WHEEL_SPINS_PER_DAY, type WheelSpin, type WheelState } from '@promo/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { wheelParticipants, wheelSpins } from '../db/schema.ts';
import { runAlone, statement, type Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { convertedAmounts, noAccount } from './credit-cash.ts';
import { keyReused } from './idempotency.ts';
import { assertRunning, promotionWithTemplate } from './promotions.ts';
import { isSessionId, sessionInvalid } from './sessions.ts';
import { unixSeconds, utcDay } from './time.ts';

type Participant = typeof wheelParticipants.$inferSelect;
/** What a spin reads and writes of the participant's row. */
type Seeded = Pick<Participant, 'spinsDay' | 'spinsUsed' | 'serverSeed' | 'serverSeedHash' | 'nonce'>;
type Executor = Database | Transaction;

/** A fresh server seed and the hash it is committed by (Node's synchronous crypto: no thread-pool hop). */
const newSeed = () => {
  const seed = randomBytes(32).toString('hex');
  return { serverSeed: seed, serverSeedHash: createHash('sha256').update(seed).digest('hex') };
};

const spinsLeft = (row: Seeded | undefined, now: Date) =>
  row ? (row.spinsDay === utcDay(now) ? Math.max(0, WHEEL_SPINS_PER_DAY - row.spinsUsed) : WHEEL_SPINS_PER_DAY) : 0;

/** The prize-wheel promotion (a console preview link's version with its token), or 404 for an unknown id or another template. */
export const findWheel = (promotionId: number, db: Executor, preview?: string) =>
  promotionWithTemplate(db, promotionId, 'prize-wheel', 'Prize wheel', preview);

async function participant(db: Executor, userId: number, promotionId: number) {
  const [row] = await db
    .select()
    .from(wheelParticipants)
    .where(and(eq(wheelParticipants.userId, userId), eq(wheelParticipants.promotionId, promotionId)));
  return row;
}

function toState(promotionId: number, currencyCode: string, row: Seeded | undefined, now: Date): WheelState {
  return {
    promotionId,
    participating: row !== undefined,
    spinsLeft: spinsLeft(row, now),
    spinsPerDay: WHEEL_SPINS_PER_DAY,
    nextServerSeedHash: row?.serverSeedHash ?? null,
    nextNonce: row?.nonce ?? 0,
    currencyCode,
  };
}

const toSpin = (row: typeof wheelSpins.$inferSelect): WheelSpin => ({
  id: row.id,
  segment: row.segment,
  prize: row.prize as WheelSpin['prize'],
  serverSeed: row.serverSeed,
  serverSeedHash: row.serverSeedHash,
  clientSeed: row.clientSeed,
  nonce: row.nonce,
  createdAt: unixSeconds(row.createdAt),
});

/** The player's wheel (a visitor's is the not-participating state; `preview`: a console preview link's token). */
export async function wheelState(
  db: Database,
  userId: number | null,
  promotionId: number,
  now = new Date(),
  preview?: string,
) {
  const wheel = await findWheel(promotionId, db, preview);
  const row = userId === null ? undefined : await participant(db, userId, promotionId);
  return toState(promotionId, wheel.currencyCode, row, now);
}

/** Takes part (once; a repeat changes nothing) and commits the first server seed. */
export async function joinWheel(db: Database, userId: number, promotionId: number, now = new Date()) {
  const wheel = await findWheel(promotionId, db);
  assertRunning(wheel, now);
  await db
    .insert(wheelParticipants)
    .values({ userId, promotionId, spinsDay: utcDay(now), ...newSeed() })
    .onConflictDoNothing();
  return toState(promotionId, wheel.currencyCode, await participant(db, userId, promotionId), now);
}

/** A refusal the spin's functions raise (migration 0029): its code is the message. */
const REFUSED = 'PR000';
const REFUSALS: Readonly<Record<string, () => Error>> = {
  session_invalid: sessionInvalid,
  key_reused: keyReused,
  not_joined: () => httpError(409, 'Take part in the wheel first', 'not_joined'),
  no_spins: () => httpError(409, 'No spins left today', 'no_spins'),
  no_account: noAccount,
};

/** The refusal a spin's statement raised as its own answer (`wheel`: the wheel's), else the error as it is. */
function refusalOf(error: unknown, wheel: () => Error): unknown {
  const { code, message } = error as { code?: string; message?: string };
  if (code !== REFUSED) return error;
  if (message === 'wheel') return wheel();
  return REFUSALS[message ?? '']?.() ?? error;
}

/** A PostgreSQL array literal of plain words (letters, digits, dots, dashes): no quoting needed. */
const words = (values: ReadonlyArray<string | number>) => `{${values.join(',')}}`;
const SEGMENT_KINDS = words(WHEEL_SEGMENTS.map((segment) => segment.kind));
const SEGMENT_AMOUNTS = words(WHEEL_SEGMENTS.map((segment) => segment.amount));
const SEGMENT_WEIGHTS = words(WHEEL_SEGMENTS.map((segment) => segment.weight));
const creditsByCurrency = new Map<string, string>();

/**
 * The contract's wheel as a spin's statement takes it, after its currency: spins a day, the
 * segments' kinds, amounts and weights, and per segment what its cash is in each currency
 * (credit_cash's conversions; null for other prizes), worked out once per currency.
 */
function wheelTerms(currencyCode: string): unknown[] {
  let credits = creditsByCurrency.get(currencyCode);
  if (credits === undefined) {
    credits = JSON.stringify(
      WHEEL_SEGMENTS.map(({ kind, amount }) => (kind === 'cash' ? convertedAmounts(amount, currencyCode) : null)),
    );
    creditsByCurrency.set(currencyCode, credits);
  }
  return [currencyCode, WHEEL_SPINS_PER_DAY, SEGMENT_KINDS, SEGMENT_AMOUNTS, SEGMENT_WEIGHTS, credits];
}

/** What a spin is: whose, on which wheel, with which client seed (none: the player's default), how many. */
export interface SpinInput {
  userId: number;
  promotionId: number;
  clientSeed?: string;
  count: 1 | 'all';
}

/** The call's part of a spin's statement: the client seed, the count, the day, the time and a fresh seed key. */
const spinValues = (input: Omit<SpinInput, 'userId'>, now: Date) => [
  input.clientSeed ?? null,
  input.count === 'all' ? null : input.count,
  utcDay(now),
  now.toISOString(),
  // The next seeds are HMAC-SHA256(key, i): Node's randomness, the database's arithmetic.
  randomBytes(32).toString('hex'),
];

const applySpin = statement(
  'wheel_spin_apply',
  `select wheel_spin_apply($1, $2, $3, $4, $5, $6::timestamptz, $7, $8, $9, $10::text[], $11::text[], $12::float8[],
     $13::jsonb) as result`,
);

/**
 * Spins `count` times (or every spin left) inside the caller's transaction (wheel_spin_apply,
 * migration 0029): the committed seed decides each segment, is revealed in the answer and replaced
 * by a new committed one; cash prizes go to the account in the promotion's currency.
 */
export async function spinWheel(tx: Transaction, input: SpinInput, now = new Date()): Promise<SpinResult> {
  const wheel = await findWheel(input.promotionId, tx);
  assertRunning(wheel, now);
  try {
    const [row] = await tx.run<{ result: SpinResult }>(applySpin, [
      input.userId,
      input.promotionId,
      ...spinValues(input, now),
      ...wheelTerms(wheel.currencyCode),
    ]);
    if (!row) throw new Error('wheel_spin_apply answered no row');
    return row.result;
  } catch (error) {
    throw refusalOf(error, () => error as Error);
  }
}

const spinCall = statement(
  'wheel_spin',
  `select replayed, answer from wheel_spin($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz, $11, $12, $13,
     $14::text[], $15::text[], $16::float8[], $17::jsonb)`,
);

/**
 * A player's spin request in one round trip (wheel_spin, migration 0029): the key claimed for the
 * session's player, then the stored answer of a key used before, or the wheel's refusal (`wheel`:
 * what the wheel as the server knows it answers now, a 404 or a 409), or the spin. The answer is
 * the stored JSON's text: a replay is the same bytes.
 */
export async function spinOnce(
  db: Database,
  claim: { sessionId: string; key: string; scope: string; requestHash: string },
  input: Omit<SpinInput, 'userId'>,
  wheel: Awaited<ReturnType<typeof findWheel>> | Error,
  now = new Date(),
): Promise<{ replayed: boolean; answer: string }> {
  if (!isSessionId(claim.sessionId)) throw sessionInvalid();
  let refusal: Error | undefined = wheel instanceof Error ? wheel : undefined;
  if (!(wheel instanceof Error)) {
    try {
      assertRunning(wheel, now);
    } catch (error) {
      refusal = error as Error;
    }
  }
  try {
    const [row] = await runAlone<{ replayed: boolean; answer: string }>(db, spinCall, [
      claim.sessionId,
      claim.key,
      claim.scope,
      claim.requestHash,
      refusal !== undefined,
      input.promotionId,
      ...spinValues(input, now),
      ...wheelTerms(wheel instanceof Error ? '' : wheel.currencyCode),
    ]);
    if (!row) throw new Error('wheel_spin answered no row');
    return row;
  } catch (error) {
    throw refusalOf(error, () => refusal ?? (error as Error));
  }
}

/** The player's spins, newest first. */
export async function wheelHistory(db: Database, userId: number, promotionId: number): Promise<WheelSpin[]> {
  await findWheel(promotionId, db);
  const rows = await db
    .select()
    .from(wheelSpins)
    .where(and(eq(wheelSpins.userId, userId), eq(wheelSpins.promotionId, promotionId)))
    .orderBy(desc(wheelSpins.id))
    .limit(50);
  return rows.map(toSpin);
}
