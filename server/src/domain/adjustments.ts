import {
  type Adjustment,
  type AdjustmentDecision,
  type AdjustmentRequest,
  type StaffRole,
  toDecimal,
} from '@promo/contract';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, adjustments, promoCredits, users } from '../db/schema.ts';
import { type Transaction, transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { type Actor, audit } from './audit.ts';
import { currencyDigits } from './currencies.ts';
import { keyReused } from './idempotency.ts';
import { moveMoney } from './ledger.ts';
import { adjustmentOf, creditsOf, loginsOf, playerNotFound, seesUnmasked } from './support.ts';

/** A request or a decision and what claims it: the Idempotency-Key and the hash of the body. */
export interface Claim {
  key: string;
  requestHash: string;
}

type AdjustmentRow = typeof adjustments.$inferSelect;

/** A promotion credit of the player, with its promotion's slug (held for update when asked); 404 when it is not theirs. */
async function creditOf(tx: Transaction, userId: number, id: number, forUpdate = false) {
  const query = tx
    .select({
      id: promoCredits.id,
      kind: promoCredits.kind,
      amount: promoCredits.amount,
      currencyCode: promoCredits.currencyCode,
    })
    .from(promoCredits)
    .where(and(eq(promoCredits.id, id), eq(promoCredits.userId, userId)));
  const [credit] = await (forUpdate ? query.for('update') : query);
  if (!credit) throw httpError(404, `The player has no promotion credit ${id}`, 'credit_not_found', { id });
  return credit;
}

const shown = async (tx: Database | Transaction, row: AdjustmentRow, login: string, role: StaffRole) =>
  adjustmentOf(
    row,
    login,
    seesUnmasked(role),
    (await creditsOf(tx, row.creditId === null ? [] : [row.creditId])).get(row.creditId ?? 0) ?? null,
  );

/** The request this member already made with this key, as its first answer (null: none); a 422 when the key came with another call. */
async function replayOf(
  tx: Transaction,
  actor: Actor,
  role: StaffRole,
  playerId: number,
  claim: Claim,
  login: string,
): Promise<{ replayed: true; adjustment: Adjustment } | null> {
  const [earlier] = await tx
    .select()
    .from(adjustments)
    .where(and(eq(adjustments.requestedByName, actor.name), eq(adjustments.requestKey, claim.key)));
  if (!earlier) return null;
  if (earlier.requestHash !== claim.requestHash || earlier.userId !== playerId) throw keyReused();
  return { replayed: true, adjustment: await shown(tx, earlier, login, role) };
}

const loginOf = async (tx: Transaction | Database, userId: number): Promise<string> =>
  (await loginsOf(tx, [userId])).get(userId) ?? String(userId);

/** What the audit log keeps of an adjustment: what it asks and where it stands, not the player's login. */
const audited = (row: AdjustmentRow) => ({
  player: row.userId,
  credit: row.creditId,
  currencyCode: row.currencyCode,
  amount: row.amount,
  reason: row.reason,
  state: row.state,
  note: row.note,
  ledgerEntryId: row.ledgerEntryId,
});

/**
 * Asks for a credit (positive) or debit (negative) of one of the player's accounts. Nothing moves
 * yet: the adjustment waits for a second member's approval. The same Idempotency-Key from the same
 * member answers the first request (another body with it is a 422); the audit log has the request.
 */
export async function requestAdjustment(
  db: Database,
  actor: Actor,
  role: StaffRole,
  playerId: number,
  body: AdjustmentRequest,
  claim: Claim,
): Promise<{ replayed: boolean; adjustment: Adjustment }> {
  return transaction(db, async (tx) => {
    const [user] = await tx.select({ login: users.login }).from(users).where(eq(users.id, playerId));
    if (!user) throw playerNotFound(playerId);
    const earlier = await replayOf(tx, actor, role, playerId, claim, user.login);
    if (earlier) return earlier;
    const credit = body.creditId === undefined ? undefined : await creditOf(tx, playerId, body.creditId);
    if (credit && credit.currencyCode.toLowerCase() !== body.currencyCode.toLowerCase())
      throw httpError(409, `Credit ${credit.id} is in ${credit.currencyCode}`, 'credit_currency', {
        id: credit.id,
        currency: credit.currencyCode,
      });
    const [account] = await tx
      .select({ id: accounts.id, currencyCode: accounts.currencyCode })
      .from(accounts)
      .where(and(eq(accounts.userId, playerId), sql`lower(${accounts.currencyCode}) = lower(${body.currencyCode})`));
    // A credit in free bets or spins moves no account; cash (and the account alone) does.
    if (!account && (credit === undefined || credit.kind === 'cash'))
      throw httpError(409, `The player has no ${body.currencyCode} account`, 'player_no_account', {
        currency: body.currencyCode,
      });
    // As the account (or the credit) writes it: `usd` is the player's USD, `MBTC` their mBTC.
    const currencyCode = account?.currencyCode ?? credit?.currencyCode ?? body.currencyCode;
    const digits = currencyDigits(currencyCode);
    if ((body.amount.split('.')[1]?.length ?? 0) > digits)
      throw httpError(400, `${currencyCode} amounts have at most ${digits} decimals`, 'amount_precision', {
        currency: currencyCode,
        digits,
      });
    const [row] = await tx
      .insert(adjustments)
      .values({
        userId: playerId,
        currencyCode,
        amount: body.amount,
        reason: body.reason,
        creditId: credit?.id ?? null,
        requestedBy: actor.staffId,
        requestedByName: actor.name,
        requestKey: claim.key,
        requestHash: claim.requestHash,
      })
      .onConflictDoNothing({ target: [adjustments.requestedByName, adjustments.requestKey] })
      .returning();
    // The same key at the same moment (a retry racing its original): the first stored it; this one
    // answers with it once the first has committed (the unique index made it wait).
    if (!row) {
      const first = await replayOf(tx, actor, role, playerId, claim, user.login);
      if (!first) throw new Error('the adjustment was not stored');
      return first;
    }
    await audit(tx, actor, {
      entity: 'adjustment',
      entityId: row.id,
      action: 'request',
      before: null,
      after: audited(row),
    });
    return { replayed: false, adjustment: await shown(tx, row, user.login, role) };
  });
}

/**
 * Approves or rejects a pending adjustment, in one transaction that holds its row: an approval
 * writes the `adjustment` ledger entry (its reference the adjustment's id, so the ledger itself
 * refuses a second) and moves the balance. Four eyes: never by the member who requested it, and
 * only by a staff member (an operator key decides nothing). The same decision sent again with its
 * Idempotency-Key answers the first; any other decision of a decided adjustment is a 409.
 */
export async function decideAdjustment(
  db: Database,
  actor: Actor,
  role: StaffRole,
  id: number,
  decision: AdjustmentDecision,
  claim: Claim,
  now = new Date(),
): Promise<{ replayed: boolean; adjustment: Adjustment }> {
  return transaction(db, async (tx) => {
    const [row] = await tx.select().from(adjustments).where(eq(adjustments.id, id)).for('update');
    if (!row) throw httpError(404, `No adjustment ${id}`, 'adjustment_not_found', { id });
    const login = await loginOf(tx, row.userId);
    if (row.state !== 'pending') {
      const sameDecision = row.decisionKey === claim.key && row.decidedByName === actor.name;
      if (sameDecision && row.decisionHash === claim.requestHash)
        return { replayed: true, adjustment: await shown(tx, row, login, role) };
      if (sameDecision) throw keyReused();
      throw httpError(409, `Adjustment ${id} is already ${row.state}`, 'adjustment_decided', { id, state: row.state });
    }
    // A key is one decision: the same member's key on another adjustment is another call.
    const [elsewhere] = await tx
      .select({ id: adjustments.id })
      .from(adjustments)
      .where(and(eq(adjustments.decidedByName, actor.name), eq(adjustments.decisionKey, claim.key)));
    if (elsewhere) throw keyReused();
    if (actor.staffId === null || actor.name === row.requestedByName || actor.staffId === row.requestedBy)
      throw httpError(
        409,
        'An adjustment is decided by a staff member other than the one who requested it',
        'four_eyes',
      );
    const note = decision.note?.trim() || null;
    if (!decision.approve && !note) throw httpError(400, 'Say why the adjustment is rejected', 'note_required');
    let applied: { ledgerEntryId: number | null; balanceAfter: string | null } | null = null;
    if (decision.approve) {
      const credit = row.creditId === null ? undefined : await creditOf(tx, row.userId, row.creditId, true);
      if (credit) {
        const after = toDecimal(credit.amount).plus(row.amount);
        if (after.lt(0))
          throw httpError(
            409,
            `Credit ${credit.id} is ${credit.amount}: the debit would take it below zero`,
            'credit_below_zero',
            {
              id: credit.id,
            },
          );
        await tx.update(promoCredits).set({ amount: after.toFixed() }).where(eq(promoCredits.id, credit.id));
        // Free bets and spins are the credit's alone; cash is on the account too.
        if (credit.kind !== 'cash') applied = { ledgerEntryId: null, balanceAfter: null };
      }
    }
    if (decision.approve && applied === null) {
      const moved = await moveMoney(tx, {
        userId: row.userId,
        currencyCode: row.currencyCode,
        amount: row.amount,
        kind: 'adjustment',
        reference: String(row.id),
        now,
      });
      if (!moved)
        throw httpError(409, `The ${row.currencyCode} balance does not cover ${row.amount}`, 'insufficient_balance', {
          currency: row.currencyCode,
        });
      applied = { ledgerEntryId: moved.entryId, balanceAfter: moved.balanceAfter };
    }
    const [decided] = await tx
      .update(adjustments)
      .set({
        state: decision.approve ? 'applied' : 'rejected',
        decidedBy: actor.staffId,
        decidedByName: actor.name,
        decisionKey: claim.key,
        decisionHash: claim.requestHash,
        decidedAt: now,
        note,
        ledgerEntryId: applied?.ledgerEntryId ?? null,
        balanceAfter: applied?.balanceAfter ?? null,
      })
      .where(eq(adjustments.id, id))
      .returning();
    if (!decided) throw new Error('the adjustment was not updated');
    await audit(tx, actor, {
      entity: 'adjustment',
      entityId: id,
      action: decision.approve ? 'approve' : 'reject',
      before: audited(row),
      after: audited(decided),
    });
    return { replayed: false, adjustment: await shown(tx, decided, login, role) };
  });
}

/**
 * A page of adjustments of one state or all: the approval queue (pending) oldest first, so the
 * longest waiting is decided first; the others newest first. `next` continues the page. Reading the
 * list is a look-up: it is audited with the players it showed.
 */
export async function listAdjustments(
  db: Database,
  actor: Actor,
  role: StaffRole,
  filter: { state?: Adjustment['state']; after?: number; size: number },
): Promise<{ items: Adjustment[]; next: number | null }> {
  const oldestFirst = filter.state === 'pending';
  const rows = await db
    .select()
    .from(adjustments)
    .where(
      and(
        filter.state ? eq(adjustments.state, filter.state) : undefined,
        filter.after === undefined
          ? undefined
          : oldestFirst
            ? gt(adjustments.id, filter.after)
            : lt(adjustments.id, filter.after),
      ),
    )
    .orderBy(oldestFirst ? asc(adjustments.id) : desc(adjustments.id))
    .limit(filter.size + 1);
  const page = rows.slice(0, filter.size);
  const logins = await loginsOf(
    db,
    page.map((row) => row.userId),
  );
  const credits = await creditsOf(
    db,
    page.flatMap((row) => (row.creditId === null ? [] : [row.creditId])),
  );
  await audit(db, actor, {
    entity: 'adjustment',
    entityId: page.map((row) => row.id).join(',') || '-',
    action: 'list',
    before: null,
    after: { state: filter.state ?? 'all', players: [...new Set(page.map((row) => row.userId))] },
  });
  return {
    items: page.map((row) =>
      adjustmentOf(
        row,
        logins.get(row.userId) ?? String(row.userId),
        seesUnmasked(role),
        credits.get(row.creditId ?? 0) ?? null,
      ),
    ),
    next: rows.length > filter.size ? (page.at(-1)?.id ?? null) : null,
  };
}
