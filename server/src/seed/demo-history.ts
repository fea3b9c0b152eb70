import type { Settlement } from '@promo/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { applySettlements } from '../domain/feed.ts';
import { DAY_MS } from '../domain/time.ts';

/**
 * demo.player's settled bets, posted once through the operator feed (fixed ids: a restart posts
 * them again and nothing changes). Over the last 5 days: a first single that lost (the risk-free
 * bet gives its stake back), four singles won in a row, one lost, then two won (a streak of 2,
 * best 4), and two accumulators, one of them lost by a single selection (double chance).
 */
export async function seedDemoHistory(db: Database, now = new Date()): Promise<void> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'demo.player'));
  if (!demo) return;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3600_000).toISOString();
  const single = (n: number, hoursAgo: number, won: boolean): Settlement => ({
    id: `demo-player:single:${n}`,
    playerId: demo.id,
    kind: 'bet',
    settledAt: at(hoursAgo),
    currency: 'USD',
    stake: '10.00',
    sportId: 1,
    betType: 'single',
    legs: 1,
    odds: '2.10',
    payout: won ? '21.00' : '0',
  });
  const outcomes = [false, true, true, true, true, false, true, true];
  const feed: Settlement[] = outcomes.map((won, n) => single(n + 1, (5 * DAY_MS) / 3600_000 - n * 14, won));
  feed.push(
    {
      id: 'demo-player:acca:1',
      playerId: demo.id,
      kind: 'bet',
      settledAt: at(30),
      currency: 'USD',
      stake: '5.00',
      sportId: 1,
      betType: 'accumulator',
      legs: 5,
      odds: '9.80',
      minLegOdds: '1.45',
      lostLegs: 1,
      payout: '0',
    },
    {
      id: 'demo-player:acca:2',
      playerId: demo.id,
      kind: 'bet',
      settledAt: at(6),
      currency: 'USD',
      stake: '4.00',
      sportId: 1,
      betType: 'accumulator',
      legs: 4,
      odds: '5.20',
      minLegOdds: '1.42',
      lostLegs: 0,
      payout: '20.80',
    },
  );
  await transaction(db, (tx) => applySettlements(tx, feed, now, true));
}
