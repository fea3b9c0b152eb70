import { randomBytes } from 'node:crypto';
import {
  type SpinResult,
  sha256Hex,
  WHEEL_SEGMENTS,
  WHEEL_SPINS_PER_DAY,
  type WheelSpin,
  type WheelState,
  wheelOutcome,
} from '@promo/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { wheelParticipants, wheelSpins } from '../db/schema.ts';
import { httpError } from '../http-error.ts';
import { creditCash } from './credit-cash.ts';
import type { Transaction } from './idempotency.ts';
import { promotionStatus, promotionWithTemplate } from './promotions.ts';
import { unixSeconds, utcDay } from './time.ts';

type Participant = typeof wheelParticipants.$inferSelect;
type Executor = Database | Transaction;

const newSeed = async () => {
  const seed = randomBytes(32).toString('hex');
  return { serverSeed: seed, serverSeedHash: await sha256Hex(seed) };
};
const spinsLeft = (row: Participant | undefined, now: Date) =>
  row ? (row.spinsDay === utcDay(now) ? Math.max(0, WHEEL_SPINS_PER_DAY - row.spinsUsed) : WHEEL_SPINS_PER_DAY) : 0;

/** The prize-wheel promotion, or 404 for an unknown id or another template. */
const findWheel = (db: Executor, promotionId: number) =>
  promotionWithTemplate(db, promotionId, 'prize-wheel', 'Prize wheel');

async function participant(db: Executor, userId: number, promotionId: number, lock = false) {
  const query = db
    .select()
    .from(wheelParticipants)
    .where(and(eq(wheelParticipants.userId, userId), eq(wheelParticipants.promotionId, promotionId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

function toState(promotionId: number, currencyCode: string, row: Participant | undefined, now: Date): WheelState {
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

/** The player's wheel (a visitor's is the not-participating state). */
export async function wheelState(db: Database, userId: number | null, promotionId: number, now = new Date()) {
  const wheel = await findWheel(db, promotionId);
  const row = userId === null ? undefined : await participant(db, userId, promotionId);
  return toState(promotionId, wheel.currencyCode, row, now);
}

/** Takes part (once; a repeat changes nothing) and commits the first server seed. */
export async function joinWheel(db: Database, userId: number, promotionId: number, now = new Date()) {
  const wheel = await findWheel(db, promotionId);
  if (promotionStatus(wheel, now) === 'ended') throw httpError(409, 'This promotion has ended', 'promotion_ended');
  await db
    .insert(wheelParticipants)
    .values({ userId, promotionId, spinsDay: utcDay(now), ...(await newSeed()) })
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
): Promise<SpinResult> {
  const wheel = await findWheel(tx, input.promotionId);
  if (promotionStatus(wheel, now) === 'ended') throw httpError(409, 'This promotion has ended', 'promotion_ended');
  let row = await participant(tx, input.userId, input.promotionId, true);
  if (!row) throw httpError(409, 'Take part in the wheel first', 'not_joined');
  const left = spinsLeft(row, now);
  const count = input.count === 'all' ? left : input.count;
  if (left === 0 || count > left) throw httpError(409, 'No spins left today', 'no_spins');
  const spins: WheelSpin[] = [];
  for (let i = 0; i < count; i += 1) {
    const segment = await wheelOutcome(row.serverSeed, input.clientSeed, row.nonce);
    const { kind, amount } = WHEEL_SEGMENTS[segment] ?? { kind: 'none', amount: '0' };
    const [spin] = await tx
      .insert(wheelSpins)
      .values({
        userId: input.userId,
        promotionId: input.promotionId,
        segment,
        prize: { kind, amount, currencyCode: wheel.currencyCode },
        serverSeed: row.serverSeed,
        serverSeedHash: row.serverSeedHash,
        clientSeed: input.clientSeed,
        nonce: row.nonce,
      })
      .returning();
    if (spin) spins.push(toSpin(spin));
    // Cash lands on an account the player holds (converted when not in the wheel's currency).
    if (kind === 'cash' && spin)
      await creditCash(tx, input.userId, amount, wheel.currencyCode, {
        kind: 'wheel_prize',
        reference: String(spin.id),
        now,
      });
    const used: number = row.spinsDay === utcDay(now) ? row.spinsUsed + 1 : 1;
    [row] = await tx
      .update(wheelParticipants)
      .set({ spinsDay: utcDay(now), spinsUsed: used, nonce: row.nonce + 1, ...(await newSeed()) })
      .where(and(eq(wheelParticipants.userId, input.userId), eq(wheelParticipants.promotionId, input.promotionId)))
      .returning();
    if (!row) throw new Error('wheel participant vanished during a spin');
  }
  return { spins, state: toState(input.promotionId, wheel.currencyCode, row, now) };
}

/** The player's spins, newest first. */
export async function wheelHistory(db: Database, userId: number, promotionId: number): Promise<WheelSpin[]> {
  await findWheel(db, promotionId);
  const rows = await db
    .select()
    .from(wheelSpins)
    .where(and(eq(wheelSpins.userId, userId), eq(wheelSpins.promotionId, promotionId)))
    .orderBy(desc(wheelSpins.id))
    .limit(50);
  return rows.map(toSpin);
}
