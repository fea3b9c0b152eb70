import { LOTTERIES, type LotteryCode, nextDrawTime, type TicketLine, ticketPriceUsd } from '@promo/contract';
import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { lottoDraws, lottoTickets, users } from '../db/schema.ts';
import { ensureDraws, inCurrency, winnings } from '../domain/lotto.ts';

/** Numbers of a pool not in `taken`, the lowest first. */
const avoiding = (count: number, min: number, max: number, taken: number[]) =>
  Array.from({ length: max - min + 1 }, (_, i) => min + i)
    .filter((n) => !taken.includes(n))
    .slice(0, count);

/**
 * demo.player's ticket history: a Powerball ticket of the last draw matching three numbers and the
 * Powerball (a win), a EuroMillions ticket that missed (a loss) and a Saturday Lotto ticket for
 * the next draw (pending). Past tickets are stored settled, as history, without touching the balance.
 * Only seeded once: a player who already has tickets keeps them.
 */
export async function seedLottoTickets(db: Database, now = new Date()): Promise<void> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'demo.player'));
  if (!demo) return;
  const [existing] = await db
    .select({ id: lottoTickets.id })
    .from(lottoTickets)
    .where(eq(lottoTickets.userId, demo.id))
    .limit(1);
  if (existing) return;
  const lastDrawn = async (code: LotteryCode) => {
    await ensureDraws(db, code, now);
    const [draw] = await db
      .select()
      .from(lottoDraws)
      .where(and(eq(lottoDraws.code, code), lte(lottoDraws.drawAt, now), isNotNull(lottoDraws.result)))
      .orderBy(desc(lottoDraws.drawAt))
      .limit(1);
    if (!draw) throw new Error(`${code} has no drawn draw to seed a ticket on`);
    return { draw, result: draw.result as TicketLine };
  };
  const rows = [];
  for (const [code, hit] of [
    ['powerball', 3],
    ['euromillions', 0],
  ] as const) {
    const { draw, result } = await lastDrawn(code);
    const { format } = LOTTERIES[code];
    const main = [
      ...result.main.slice(0, hit),
      ...avoiding(format.main.count - hit, format.main.min, format.main.max, result.main),
    ];
    const bonus =
      hit > 0
        ? result.bonus
        : avoiding(format.bonus?.count ?? 0, format.bonus?.min ?? 1, format.bonus?.max ?? 1, result.bonus);
    const lines = [{ main: main.sort((a, b) => a - b), bonus }];
    const lottery = LOTTERIES[code];
    rows.push({
      userId: demo.id,
      drawId: draw.id,
      lines,
      kind: 'default',
      price: inCurrency(ticketPriceUsd(lottery, 1, 'default'), 'USD'),
      currencyCode: 'USD',
      won: inCurrency(winnings(lottery, lines, 'default', result, draw.jackpotUsd), 'USD'),
      createdAt: new Date(draw.drawAt.getTime() - 6 * 3_600_000),
    });
  }
  await ensureDraws(db, 'AUS6', now);
  const nextAt = new Date(nextDrawTime(LOTTERIES.AUS6, now.getTime()));
  const [next] = await db
    .select()
    .from(lottoDraws)
    .where(and(eq(lottoDraws.code, 'AUS6'), eq(lottoDraws.drawAt, nextAt)))
    .orderBy(asc(lottoDraws.id));
  if (next) {
    rows.push({
      userId: demo.id,
      drawId: next.id,
      lines: [
        { main: [3, 11, 19, 24, 32, 40], bonus: [] },
        { main: [7, 8, 15, 21, 36, 44], bonus: [] },
      ],
      kind: 'additional',
      price: inCurrency(ticketPriceUsd(LOTTERIES.AUS6, 2, 'additional'), 'USD'),
      currencyCode: 'USD',
      won: null,
      createdAt: now,
    });
  }
  await db.insert(lottoTickets).values(rows);
}
