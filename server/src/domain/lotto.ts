import { randomInt } from 'node:crypto';
import {
  type BuyTicket,
  type Draw,
  LOTTERIES,
  LOTTERY_CODES,
  LOTTO_PAST_DRAWS,
  type Lottery,
  type LotteryCode,
  type LotterySummary,
  lineErrors,
  lottoDigits,
  nextDrawTime,
  quickPick,
  SALES_CLOSE_MS,
  sumMoney,
  type Ticket,
  type TicketKind,
  type TicketLine,
  ticketPriceUsd,
  tierOf,
  timesMoney,
  toDecimal,
} from '@promo/contract';
import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import { lottoDraws, lottoTickets } from '../db/schema.ts';
import { type Transaction, transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { activeCurrency } from './bonuses.ts';
import { fromUsd, isKnownCurrency, RATES_PER_USD } from './currencies.ts';
import { moveMoney } from './ledger.ts';
import { DAY_MS, unixSeconds } from './time.ts';

type Executor = Database | Transaction;
type DrawRow = typeof lottoDraws.$inferSelect;

/** Dollars in a currency's units, as a string with the currency's precision. */
export const inCurrency = (usd: number | string, currencyCode: string): string =>
  fromUsd(String(usd), currencyCode, lottoDigits(currencyCode));

/**
 * The jackpot of a draw: the lottery's base plus one step for each draw since the last win. The
 * reference server has no real players' jackpot wins, so a cycle restarts every 12 draws.
 */
function jackpotUsd(lottery: Lottery, drawAtMs: number): number {
  const drawsSinceEpoch = Math.floor((drawAtMs / DAY_MS) * (lottery.drawDays.length / 7));
  return lottery.jackpotUsd.base + lottery.jackpotUsd.step * (drawsSinceEpoch % 12);
}

/** The latest draw times up to `nowMs` and the next one, ascending. */
function wantedDrawTimes(lottery: Lottery, nowMs: number): number[] {
  const times: number[] = [];
  let at = nowMs - 8 * DAY_MS * Math.ceil(LOTTO_PAST_DRAWS / Math.max(1, lottery.drawDays.length));
  while (times.length < 200) {
    at = nextDrawTime(lottery, at);
    times.push(at);
    if (at > nowMs) break;
  }
  return times.slice(-(LOTTO_PAST_DRAWS + 1));
}

/** Until when each lottery's rows are known to be in place, per database. */
const ensured = perDatabase<LotteryCode, number>();

/**
 * Makes sure a lottery's recent draws and its next one exist, and that every draw whose time has
 * come has a result (made here, by the server's random numbers, the first time it is asked for).
 */
export async function ensureDraws(db: Executor, code: LotteryCode, now = new Date()): Promise<void> {
  const known = ensured(db);
  if ((known.get(code) ?? 0) > now.getTime()) return;
  const lottery = LOTTERIES[code];
  const times = wantedDrawTimes(lottery, now.getTime());
  await db
    .insert(lottoDraws)
    .values(times.map((at) => ({ code, drawAt: new Date(at), jackpotUsd: jackpotUsd(lottery, at).toFixed(2) })))
    .onConflictDoNothing();
  const due = await db
    .select({ id: lottoDraws.id })
    .from(lottoDraws)
    .where(and(eq(lottoDraws.code, code), lte(lottoDraws.drawAt, now), isNull(lottoDraws.result)));
  for (const { id } of due) {
    const result = quickPick(lottery.format, () => randomInt(0, 2 ** 32) / 2 ** 32);
    await db
      .update(lottoDraws)
      .set({ result })
      .where(and(eq(lottoDraws.id, id), isNull(lottoDraws.result)));
  }
  known.set(code, times[times.length - 1] ?? 0);
}

const toDraw = (row: DrawRow, currencyCode: string, now: Date): Draw => ({
  id: row.id,
  code: row.code as LotteryCode,
  drawAt: unixSeconds(row.drawAt),
  status: row.result && row.drawAt <= now ? 'drawn' : 'open',
  jackpot: { amount: inCurrency(Number(row.jackpotUsd), currencyCode), currencyCode },
  result: row.drawAt <= now ? ((row.result as TicketLine | null) ?? null) : null,
});

/** The caller's currency: the active account's for a player, else the asked one (dollars by default). */
export async function callerCurrency(db: Executor, userId: number | null, asked: string | undefined) {
  if (userId !== null) return activeCurrency(db, userId);
  return asked && isKnownCurrency(asked) ? asked : 'USD';
}

/** Makes sure every lottery's draws are in place (a no-op for each already ensured until its next draw). */
export async function ensureAllDraws(db: Executor, now = new Date()): Promise<void> {
  for (const code of LOTTERY_CODES) await ensureDraws(db, code, now);
}

/** Spec 7 lotto/available: every lottery with its next draw, jackpot and line price. */
export async function availableLotteries(db: Database, currencyCode: string, now = new Date()) {
  await ensureAllDraws(db, now);
  const next = LOTTERY_CODES.map((code) => ({ code, at: nextDrawTime(LOTTERIES[code], now.getTime()) }));
  // Every lottery's next draw in one statement (a page of 25 lotteries asked 25 times): one row
  // a lottery at most.
  const rows = await db
    .select({ code: lottoDraws.code, jackpotUsd: lottoDraws.jackpotUsd })
    .from(lottoDraws)
    .where(or(...next.map(({ code, at }) => and(eq(lottoDraws.code, code), eq(lottoDraws.drawAt, new Date(at))))));
  const jackpots = new Map(rows.map((row) => [row.code, row.jackpotUsd]));
  const lotteries = next.map(({ code, at }): LotterySummary => {
    const lottery = LOTTERIES[code];
    return {
      code,
      nextDrawAt: Math.floor(at / 1000),
      jackpot: {
        amount: inCurrency(Number(jackpots.get(code) ?? jackpotUsd(lottery, at)), currencyCode),
        currencyCode,
      },
      linePrice: { amount: inCurrency(lottery.priceUsd, currencyCode), currencyCode },
      usdRate: RATES_PER_USD[currencyCode] ?? '1',
      popularity: lottery.popularity,
    };
  });
  return { lotteries };
}

/** A lottery's draws, newest first: the open one, then the past ones with their results. */
export async function lotteryDraws(db: Database, code: LotteryCode, currencyCode: string, now = new Date()) {
  await ensureDraws(db, code, now);
  const rows = await db
    .select()
    .from(lottoDraws)
    .where(
      and(eq(lottoDraws.code, code), lte(lottoDraws.drawAt, new Date(nextDrawTime(LOTTERIES[code], now.getTime())))),
    )
    .orderBy(desc(lottoDraws.drawAt))
    .limit(LOTTO_PAST_DRAWS + 1);
  return { draws: rows.map((row) => toDraw(row, currencyCode, now)) };
}

/** Each lottery's latest drawn draw, in the lottery order. */
export async function latestResults(db: Database, currencyCode: string, now = new Date()) {
  await ensureAllDraws(db, now);
  // Each lottery's latest past draw in one statement.
  const rows = await db
    .selectDistinctOn([lottoDraws.code])
    .from(lottoDraws)
    .where(lte(lottoDraws.drawAt, now))
    .orderBy(lottoDraws.code, desc(lottoDraws.drawAt));
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return {
    draws: LOTTERY_CODES.flatMap((code) => {
      const row = byCode.get(code);
      return row ? [toDraw(row, currencyCode, now)] : [];
    }),
  };
}

/**
 * What a ticket won in a drawn result, in dollars (exact decimals): each line's tier prize, doubled
 * below the jackpot for an additional ticket, or the draw's jackpot.
 */
export function winnings(
  lottery: Lottery,
  lines: TicketLine[],
  kind: TicketKind,
  result: TicketLine,
  jackpotUsd: string,
): string {
  return sumMoney(
    lines.flatMap((line) => {
      const tier = tierOf(lottery, line, result);
      if (!tier) return [];
      return [tier.jackpot ? jackpotUsd : timesMoney(String(tier.prizeUsd), kind === 'additional' ? 2 : 1)];
    }),
  );
}

/**
 * Settles the player's drawn, unsettled tickets: each gets what it won, credited to the account
 * of its currency once (the update that sets `won` is the guard).
 */
async function settle(tx: Transaction, userId: number, now: Date): Promise<void> {
  const open = await tx
    .select({ ticket: lottoTickets, draw: lottoDraws })
    .from(lottoTickets)
    .innerJoin(lottoDraws, eq(lottoDraws.id, lottoTickets.drawId))
    .where(and(eq(lottoTickets.userId, userId), isNull(lottoTickets.won), lte(lottoDraws.drawAt, now)));
  for (const { ticket, draw } of open) {
    if (!draw.result) continue;
    const lottery = LOTTERIES[draw.code as LotteryCode];
    const usd = winnings(
      lottery,
      ticket.lines as TicketLine[],
      ticket.kind as TicketKind,
      draw.result as TicketLine,
      draw.jackpotUsd,
    );
    const won = inCurrency(usd, ticket.currencyCode);
    const [settled] = await tx
      .update(lottoTickets)
      .set({ won })
      .where(and(eq(lottoTickets.id, ticket.id), isNull(lottoTickets.won)))
      .returning({ id: lottoTickets.id });
    if (settled && toDecimal(usd).gt(0)) {
      await moveMoney(tx, {
        userId,
        currencyCode: ticket.currencyCode,
        amount: won,
        kind: 'lotto_win',
        reference: String(ticket.id),
        now,
      });
    }
  }
}

function toTicket(ticket: typeof lottoTickets.$inferSelect, draw: DrawRow, now: Date): Ticket {
  const drawn = draw.drawAt <= now && draw.result !== null && ticket.won !== null;
  // Decimal, to the currency's own digits (mBTC to 8, as prices are kept), never through a float.
  const digits = lottoDigits(ticket.currencyCode);
  const money = (amount: string) => ({ amount: toDecimal(amount).toFixed(digits), currencyCode: ticket.currencyCode });
  return {
    id: ticket.id,
    code: draw.code as LotteryCode,
    drawId: draw.id,
    drawAt: unixSeconds(draw.drawAt),
    lines: ticket.lines as TicketLine[],
    kind: ticket.kind as TicketKind,
    circulation: drawn ? 'lastCirculation' : 'nextCirculation',
    status: !drawn ? 'pending' : Number(ticket.won) > 0 ? 'win' : 'loss',
    price: money(ticket.price),
    won: drawn && ticket.won !== null ? money(ticket.won) : null,
    result: drawn ? (draw.result as TicketLine) : null,
    createdAt: unixSeconds(ticket.createdAt),
  };
}

/** The player's tickets, newest first, settled first where their draw has a result. */
export async function playerTickets(db: Database, userId: number, now = new Date()): Promise<{ tickets: Ticket[] }> {
  const codes = await db
    .selectDistinct({ code: lottoDraws.code })
    .from(lottoTickets)
    .innerJoin(lottoDraws, eq(lottoDraws.id, lottoTickets.drawId))
    .where(eq(lottoTickets.userId, userId));
  for (const { code } of codes) await ensureDraws(db, code as LotteryCode, now);
  await transaction(db, (tx) => settle(tx, userId, now));
  const rows = await db
    .select({ ticket: lottoTickets, draw: lottoDraws })
    .from(lottoTickets)
    .innerJoin(lottoDraws, eq(lottoDraws.id, lottoTickets.drawId))
    .where(eq(lottoTickets.userId, userId))
    .orderBy(desc(lottoTickets.createdAt), desc(lottoTickets.id));
  return { tickets: rows.map(({ ticket, draw }) => toTicket(ticket, draw, now)) };
}

/**
 * Buys a ticket for the lottery's next draw: every line valid, sales still open, the price (in the
 * active account's currency) taken off that account's balance in the same transaction.
 */
export async function buyTicket(tx: Transaction, userId: number, order: BuyTicket, now = new Date()): Promise<Ticket> {
  const lottery = LOTTERIES[order.code];
  const invalid = order.lines.findIndex((line) => lineErrors(lottery.format, line).length > 0);
  if (invalid >= 0)
    throw httpError(400, `Line ${invalid + 1} is not a valid ${lottery.name} line`, 'invalid_line', {
      line: invalid + 1,
      lottery: lottery.name,
    });
  await ensureDraws(tx, order.code, now);
  const drawAt = nextDrawTime(lottery, now.getTime());
  if (drawAt - now.getTime() < SALES_CLOSE_MS)
    throw httpError(409, 'Sales for this draw have closed; try the next one', 'sales_closed');
  const [draw] = await tx
    .select()
    .from(lottoDraws)
    .where(and(eq(lottoDraws.code, order.code), eq(lottoDraws.drawAt, new Date(drawAt))));
  if (!draw) throw new Error(`${order.code} draw at ${drawAt} is missing`);
  const currencyCode = await activeCurrency(tx, userId);
  const price = inCurrency(ticketPriceUsd(lottery, order.lines.length, order.kind), currencyCode);
  const lines = order.lines.map((line) => ({
    main: [...line.main].sort((a, b) => a - b),
    bonus: [...line.bonus].sort((a, b) => a - b),
  }));
  const [ticket] = await tx
    .insert(lottoTickets)
    .values({ userId, drawId: draw.id, lines, kind: order.kind, price, currencyCode, createdAt: now })
    .returning();
  if (!ticket) throw new Error('ticket insert returned nothing');
  // The ticket is the debit's reference; a refusal rolls the ticket back with the transaction.
  const paid = await moveMoney(tx, {
    userId,
    currencyCode,
    amount: toDecimal(price).neg().toFixed(),
    kind: 'lotto_ticket',
    reference: String(ticket.id),
    now,
    activeOnly: true,
  });
  if (!paid) throw httpError(409, 'Not enough money on the active account for this ticket', 'insufficient_funds');
  return toTicket(ticket, draw, now);
}
