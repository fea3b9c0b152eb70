import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  type SpinResult,
  WHEEL_SEGMENTS,
  WHEEL_SPINS_PER_DAY,
  type WheelSpin,
  type WheelState,
  wheelMessage,
  wheelSegmentOf,
} from '@promo/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { wheelParticipants, wheelSpins } from '../db/schema.ts';
import { statement, type Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { creditCash } from './credit-cash.ts';
import { assertRunning, promotionWithTemplate } from './promotions.ts';
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

/** The contract's provably fair outcome (wheelOutcome), computed with Node's HMAC. */
export const spinOutcome = (serverSeed: string, clientSeed: string, nonce: number): number =>
  wheelSegmentOf(createHmac('sha256', serverSeed).update(wheelMessage(clientSeed, nonce)).digest('hex'));
const spinsLeft = (row: Seeded | undefined, now: Date) =>
  row ? (row.spinsDay === utcDay(now) ? Math.max(0, WHEEL_SPINS_PER_DAY - row.spinsUsed) : WHEEL_SPINS_PER_DAY) : 0;

/** The prize-wheel promotion (a console preview link's version with its token), or 404 for an unknown id or another template. */
export const findWheel = (promotionId: number, db: Executor, preview?: string) =>
  promotionWithTemplate(db, promotionId, 'prize-wheel', 'Prize wheel', preview);

/**
 * Where a spin reads its wheel's promotion row: by default in its transaction; the route keeps the
 * rows in a content cache, which reads a missing one in the same transaction (PGlite has one
 * connection: a read beside the transaction would wait for it to end).
 */
export type WheelLookup = (promotionId: number, tx: Transaction) => ReturnType<typeof findWheel>;

/** The participant's row, held until the spin's transaction ends (concurrent spins queue up). */
const lockParticipant = statement(
  'wheel_participant_lock',
  `select spins_day as "spinsDay", spins_used as "spinsUsed", server_seed as "serverSeed",
     server_seed_hash as "serverSeedHash", nonce
   from wheel_participants where user_id = $1 and promotion_id = $2 for update`,
);

/** The spin is recorded and the participant's next seed committed in one statement. */
const recordSpin = statement(
  'wheel_spin_record',
  `with spin as (
     insert into wheel_spins (user_id, promotion_id, segment, prize, server_seed, server_seed_hash, client_seed, nonce)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     returning id, created_at
   ), participant as (
     update wheel_participants set spins_day = $9, spins_used = $10, nonce = $11, server_seed = $12,
       server_seed_hash = $13
     where user_id = $1 and promotion_id = $2
     returning 1
   )
   select spin.id, floor(extract(epoch from spin.created_at))::float8 as created_at,
     (select count(*) from participant)::int as moved
   from spin`,
);

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

/**
 * Spins `count` times (or every spin left): the committed seed decides each segment, is revealed in
 * the answer and replaced by a new committed one; cash prizes go to the account in the promotion's
 * currency. Runs inside the caller's transaction (see applyOnce).
 */
export async function spinWheel(
  tx: Transaction,
  input: { userId: number; promotionId: number; clientSeed: string; count: number | 'all' },
  now = new Date(),
  lookup: WheelLookup = findWheel,
): Promise<SpinResult> {
  const wheel = await lookup(input.promotionId, tx);
  assertRunning(wheel, now);
  let [row] = await tx.run<Seeded>(lockParticipant, [input.userId, input.promotionId]);
  if (!row) throw httpError(409, 'Take part in the wheel first', 'not_joined');
  const left = spinsLeft(row, now);
  const count = input.count === 'all' ? left : input.count;
  if (left === 0 || count > left) throw httpError(409, 'No spins left today', 'no_spins');
  const spins: WheelSpin[] = [];
  const today = utcDay(now);
  for (let i = 0; i < count; i += 1) {
    const segment = spinOutcome(row.serverSeed, input.clientSeed, row.nonce);
    const { kind, amount } = WHEEL_SEGMENTS[segment] ?? { kind: 'none', amount: '0' };
    const prize = { kind, amount, currencyCode: wheel.currencyCode };
    const next: Seeded = {
      spinsDay: today,
      spinsUsed: row.spinsDay === today ? row.spinsUsed + 1 : 1,
      nonce: row.nonce + 1,
      ...newSeed(),
    };
    const [recorded] = await tx.run<{ id: number; created_at: number; moved: number }>(recordSpin, [
      input.userId,
      input.promotionId,
      segment,
      JSON.stringify(prize),
      row.serverSeed,
      row.serverSeedHash,
      input.clientSeed,
      row.nonce,
      next.spinsDay,
      next.spinsUsed,
      next.nonce,
      next.serverSeed,
      next.serverSeedHash,
    ]);
    if (recorded?.moved !== 1) throw new Error('wheel participant vanished during a spin');
    spins.push({
      id: recorded.id,
      segment,
      prize,
      serverSeed: row.serverSeed,
      serverSeedHash: row.serverSeedHash,
      clientSeed: input.clientSeed,
      nonce: row.nonce,
      createdAt: recorded.created_at,
    });
    // Cash lands on an account the player holds (converted when not in the wheel's currency).
    if (kind === 'cash')
      await creditCash(tx, input.userId, amount, wheel.currencyCode, {
        kind: 'wheel_prize',
        reference: String(recorded.id),
        now,
      });
    row = next;
  }
  return { spins, state: toState(input.promotionId, wheel.currencyCode, row, now) };
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
