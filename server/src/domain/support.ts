import {
  type Adjustment,
  LEDGER_KINDS,
  type LedgerKind,
  LOTTERIES,
  type LotteryCode,
  type PlayerHit,
  type PlayerView,
  type StaffRole,
  UNMASKED_ROLES,
  verifySpin,
} from '@promo/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  accounts,
  adjustments,
  jackpotTickets,
  ledgerEntries,
  lottoDraws,
  lottoTickets,
  mobileAppTokens,
  promoCredits,
  promotions,
  sessions,
  settlements,
  users,
  wheelSpins,
} from '../db/schema.ts';
import { type Transaction, transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { type Actor, audit } from './audit.ts';
import { unixSeconds } from './time.ts';

/** How many rows of each history the support view shows, newest first. */
const HISTORY_ROWS = 200;

/** Whether a role sees logins and the ids that lead to a person unmasked (decision 049). */
export const seesUnmasked = (role: StaffRole): boolean => UNMASKED_ROLES.includes(role);

/**
 * A login as a role without the right to see it reads it: its first two characters and its last,
 * the rest hidden by a fixed run of dots (the length is not told either).
 */
export const maskLogin = (login: string): string =>
  login.length <= 3 ? '•••' : `${login.slice(0, 2)}•••${login.slice(-1)}`;
/** An operator's id of a settled item: its last four characters. */
export const maskId = (id: string): string => (id.length <= 4 ? '••••' : `••••${id.slice(-4)}`);

export const playerNotFound = (id: number | string) =>
  httpError(404, `No player ${id}`, 'player_not_found', { id: String(id) });

type UserRow = typeof users.$inferSelect;
const hitOf = (row: UserRow, unmasked: boolean): PlayerHit => ({
  id: row.id,
  login: unmasked ? row.login : maskLogin(row.login),
  countryCode: row.countryCode,
  createdAt: unixSeconds(row.createdAt),
  verified: row.identityVerifiedAt !== null,
});

/**
 * Finds a player by exact login or id, and writes the look-up to the audit log (who looked, which
 * players it found; not the query, which names a person, in a log every member reads).
 */
export async function searchPlayers(db: Database, actor: Actor, role: StaffRole, query: string): Promise<PlayerHit[]> {
  const byId = /^\d{1,9}$/.test(query);
  const rows = await db
    .select()
    .from(users)
    .where(
      byId ? sql`${users.id} = ${Number(query)} or ${users.login} = ${query}` : eq(users.login, query.toLowerCase()),
    )
    .limit(5);
  await audit(db, actor, {
    entity: 'player',
    entityId: rows.map((row) => row.id).join(',') || '-',
    action: 'search',
    before: null,
    after: { by: byId ? 'id' : 'login', found: rows.length },
  });
  return rows.map((row) => hitOf(row, seesUnmasked(role)));
}

type AdjustmentRow = typeof adjustments.$inferSelect;

/** An adjustment as the console shows it, the player's login masked for a role that may not see it. */
export const adjustmentOf = (
  row: AdjustmentRow,
  login: string,
  unmasked: boolean,
  credit: Adjustment['credit'],
): Adjustment => ({
  id: row.id,
  playerId: row.userId,
  playerLogin: unmasked ? login : maskLogin(login),
  currencyCode: row.currencyCode,
  amount: row.amount,
  reason: row.reason,
  credit,
  state: row.state as Adjustment['state'],
  requestedBy: row.requestedByName,
  requestedAt: unixSeconds(row.requestedAt),
  decidedBy: row.decidedByName,
  decidedAt: row.decidedAt ? unixSeconds(row.decidedAt) : null,
  note: row.note,
  ledgerEntryId: row.ledgerEntryId,
  balanceAfter: row.balanceAfter,
});

const isLedgerKind = (kind: string): kind is LedgerKind => (LEDGER_KINDS as readonly string[]).includes(kind);

/**
 * A player's support view (issue 42, item 3): accounts, the ledger with the balance each entry
 * left, promotion credits, wheel spins with their proof checked, lottery tickets, settled items
 * and the promotions they counted for, sign-ins and adjustments. The look-up itself is audited.
 */
export async function playerView(db: Database, actor: Actor, role: StaffRole, id: number): Promise<PlayerView> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) {
    // A look-up of an id no one has is a look-up too: probing ids leaves a trace.
    await audit(db, actor, { entity: 'player', entityId: id, action: 'view', before: null, after: { found: false } });
    throw playerNotFound(id);
  }
  const unmasked = seesUnmasked(role);
  // One snapshot, read-only, the queries in turn: the balances agree with the ledger's last entries,
  // and a look-up holds one connection, not one per history.
  const history = await transaction(db, async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const accountRows = await tx.select().from(accounts).where(eq(accounts.userId, id)).orderBy(accounts.currencyCode);
    const ledgerRows = await tx
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, id))
      .orderBy(desc(ledgerEntries.id))
      .limit(HISTORY_ROWS);
    const creditRows = await tx
      .select({ credit: promoCredits, slug: promotions.slug })
      .from(promoCredits)
      .innerJoin(promotions, eq(promotions.id, promoCredits.promotionId))
      .where(eq(promoCredits.userId, id))
      .orderBy(desc(promoCredits.id))
      .limit(HISTORY_ROWS);
    const spinRows = await tx
      .select({ spin: wheelSpins, slug: promotions.slug })
      .from(wheelSpins)
      .leftJoin(promotions, eq(promotions.id, wheelSpins.promotionId))
      .where(eq(wheelSpins.userId, id))
      .orderBy(desc(wheelSpins.id))
      .limit(HISTORY_ROWS);
    const ticketRows = await tx
      .select({ ticket: lottoTickets, code: lottoDraws.code, drawAt: lottoDraws.drawAt })
      .from(lottoTickets)
      .innerJoin(lottoDraws, eq(lottoDraws.id, lottoTickets.drawId))
      .where(eq(lottoTickets.userId, id))
      .orderBy(desc(lottoTickets.id))
      .limit(HISTORY_ROWS);
    const settlementRows = await tx
      .select()
      .from(settlements)
      .where(eq(settlements.userId, id))
      .orderBy(desc(settlements.settledAt), desc(settlements.id))
      .limit(HISTORY_ROWS);
    const sessionRows = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(desc(sessions.createdAt))
      .limit(HISTORY_ROWS);
    const appRows = await tx
      .select()
      .from(mobileAppTokens)
      .where(eq(mobileAppTokens.userId, id))
      .orderBy(desc(mobileAppTokens.createdAt))
      .limit(HISTORY_ROWS);
    const adjustmentRows = await tx
      .select()
      .from(adjustments)
      .where(eq(adjustments.userId, id))
      .orderBy(desc(adjustments.id))
      .limit(HISTORY_ROWS);
    return {
      accountRows,
      ledgerRows,
      creditRows,
      spinRows,
      ticketRows,
      settlementRows,
      sessionRows,
      appRows,
      adjustmentRows,
    };
  });
  const settlementIds = history.settlementRows.map((row) => row.id);
  const counted =
    settlementIds.length === 0
      ? []
      : await db
          .select({ settlementId: promoCredits.settlementId, slug: promotions.slug })
          .from(promoCredits)
          .innerJoin(promotions, eq(promotions.id, promoCredits.promotionId))
          .where(inArray(promoCredits.settlementId, settlementIds))
          .unionAll(
            db
              .select({ settlementId: jackpotTickets.settlementId, slug: promotions.slug })
              .from(jackpotTickets)
              .innerJoin(promotions, eq(promotions.id, jackpotTickets.promotionId))
              .where(inArray(jackpotTickets.settlementId, settlementIds)),
          );
  const countedFor = new Map<number, Set<string>>();
  for (const row of counted) {
    if (row.settlementId === null) continue;
    const slugs = countedFor.get(row.settlementId) ?? new Set<string>();
    slugs.add(row.slug);
    countedFor.set(row.settlementId, slugs);
  }
  const spins = await Promise.all(
    history.spinRows.map(async ({ spin, slug }) => ({
      id: spin.id,
      at: unixSeconds(spin.createdAt),
      promotion: slug ?? String(spin.promotionId),
      segment: spin.segment,
      prize: spin.prize as { kind: string; amount: string; currencyCode: string },
      serverSeed: spin.serverSeed,
      serverSeedHash: spin.serverSeedHash,
      clientSeed: spin.clientSeed,
      nonce: spin.nonce,
      proofHolds: await verifySpin(spin),
    })),
  );
  const adjustedCredits = await creditsOf(
    db,
    history.adjustmentRows.flatMap((row) => (row.creditId === null ? [] : [row.creditId])),
  );
  await audit(db, actor, { entity: 'player', entityId: id, action: 'view', before: null, after: null });
  return {
    player: hitOf(user, unmasked),
    accounts: history.accountRows.map((row) => ({
      currencyCode: row.currencyCode,
      balance: row.amount,
      active: row.active,
    })),
    ledger: history.ledgerRows.map((row) => ({
      id: row.id,
      at: unixSeconds(row.createdAt),
      currencyCode: row.currencyCode,
      amount: row.amount,
      balanceAfter: row.balanceAfter,
      kind: isLedgerKind(row.kind) ? row.kind : 'cash_credit',
      reference: row.reference,
    })),
    credits: history.creditRows.map(({ credit, slug }) => ({
      id: credit.id,
      at: unixSeconds(credit.createdAt),
      promotion: slug,
      occasion: credit.occasion,
      kind: credit.kind,
      amount: credit.amount,
      currencyCode: credit.currencyCode,
      state: Number(credit.amount) > 0 ? ('paid' as const) : ('none' as const),
    })),
    spins,
    tickets: history.ticketRows.map(({ ticket, code, drawAt }) => ({
      id: ticket.id,
      at: unixSeconds(ticket.createdAt),
      lottery: LOTTERIES[code as LotteryCode]?.name ?? code,
      drawAt: unixSeconds(drawAt),
      kind: ticket.kind,
      price: ticket.price,
      currencyCode: ticket.currencyCode,
      won: ticket.won,
      lines: ticket.lines as Array<{ main: number[]; bonus: number[] }>,
    })),
    settlements: history.settlementRows.map((row) => ({
      id: row.id,
      externalId: unmasked ? row.externalId : maskId(row.externalId),
      kind: row.kind,
      settledAt: unixSeconds(row.settledAt),
      stake: row.stake,
      payout: row.payout,
      currencyCode: row.currencyCode,
      countedFor: [...(countedFor.get(row.id) ?? [])].sort(),
    })),
    signIns: [
      ...history.sessionRows.map((row) => ({
        via: 'site' as const,
        at: unixSeconds(row.createdAt),
        endedAt: row.revokedAt ? unixSeconds(row.revokedAt) : null,
        expiresAt: unixSeconds(row.expiresAt),
      })),
      ...history.appRows.map((row) => ({
        via: 'app' as const,
        at: unixSeconds(row.createdAt),
        endedAt: row.revokedAt ? unixSeconds(row.revokedAt) : null,
        expiresAt: null,
      })),
    ]
      .sort((a, b) => b.at - a.at)
      .slice(0, HISTORY_ROWS),
    adjustments: history.adjustmentRows.map((row) =>
      adjustmentOf(row, user.login, unmasked, adjustedCredits.get(row.creditId ?? 0) ?? null),
    ),
    masked: !unmasked,
  };
}

/** The credits adjustments name, by id: their promotion's slug and kind. */
export async function creditsOf(db: Database | Transaction, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; promotion: string; kind: string }>();
  const rows = await db
    .select({ id: promoCredits.id, promotion: promotions.slug, kind: promoCredits.kind })
    .from(promoCredits)
    .innerJoin(promotions, eq(promotions.id, promoCredits.promotionId))
    .where(inArray(promoCredits.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A masked player's login and the operator's ids of their newest settled items, for a member whose
 * role sees them masked and whose case needs them: the reason goes to the audit log, with the
 * player's id (never the login itself).
 */
export async function revealPlayer(db: Database, actor: Actor, id: number, reason: string) {
  const [user] = await db.select({ login: users.login }).from(users).where(eq(users.id, id));
  if (!user) throw playerNotFound(id);
  const items = await db
    .select({ id: settlements.id, externalId: settlements.externalId })
    .from(settlements)
    .where(eq(settlements.userId, id))
    .orderBy(desc(settlements.settledAt), desc(settlements.id))
    .limit(HISTORY_ROWS);
  await audit(db, actor, { entity: 'player', entityId: id, action: 'reveal', before: null, after: { reason } });
  return { login: user.login, settlementIds: items };
}

/** The logins of players by id, for lists that name them. */
export async function loginsOf(db: Database | Transaction, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.login]));
}
