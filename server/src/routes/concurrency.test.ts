import { WHEEL_SPINS_PER_DAY } from '@promo/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { promotions, users } from '../db/schema.ts';
import { newPlayer, useTestServer } from '../testing.ts';

/**
 * Issue 38 item 4: every limited action of one player holds when 20 requests with their own
 * Idempotency-Keys arrive at once (on PostgreSQL they run in parallel transactions): exactly as
 * many succeed as the rule allows, the others are 409s that say why, and none is a 5xx. Each limit
 * is held by the database (a unique key, or a lock on the player's row), not by a count read before
 * the write. The hunt's own case is in hunts.test.ts.
 */
const PARALLEL = 20;
const ACTIONS: ReadonlyArray<{
  action: string;
  promotionId: number;
  /** The request of the i-th of the 20. */
  request: (i: number) => { path: string; body?: object };
  /** What the player does first (join the wheel). */
  before?: { path: string };
  /** The time the 20 arrive, when the rule depends on it (a draw closes at its hour). */
  at?: () => Date;
  succeed: number;
  refusal: string | null;
}> = [
  {
    action: 'spins of the wheel, one each',
    promotionId: 156,
    before: { path: '/web-api/api/web/promotions/wheel/156/confirm-participation' },
    request: () => ({ path: '/web-api/api/web/promotions/wheel/156/spin', body: {} }),
    succeed: WHEEL_SPINS_PER_DAY,
    refusal: 'no_spins',
  },
  {
    action: 'lucky-day tickets, each its own number',
    promotionId: 116,
    request: (i) => ({
      path: '/web-api/external-api/promotions/ticket',
      body: { promoId: 116, ticketId: 40_000 + i },
    }),
    // Nine in the morning: today's draw (20:00 UTC) is still open at any hour the test runs.
    at: () => new Date(`${new Date().toISOString().slice(0, 10)}T09:00:00Z`),
    succeed: 1,
    refusal: 'already_ticket',
  },
  {
    action: 'forecasts of the match, each its own score',
    promotionId: 184,
    request: (i) => ({ path: '/web-api/landing/LuckyChanceForm', body: { promoId: 184, home: i % 5, away: 1 } }),
    succeed: 1,
    refusal: 'already_forecast',
  },
  {
    action: 'claims of the identification reward',
    promotionId: 191,
    request: () => ({ path: '/web-api/api/web/promotions/191/claim' }),
    succeed: 1,
    refusal: 'already_claimed',
  },
  {
    action: "takes of the day's free bet",
    promotionId: 0,
    request: () => ({ path: '/web-api/api/internal/bonus/daily-freebet-or-freespin/take-freebet' }),
    succeed: 1,
    refusal: 'already_taken',
  },
  {
    action: 'entries to a tournament (a repeat changes nothing)',
    promotionId: 181,
    request: () => ({ path: '/web-api/participatetournament/181' }),
    succeed: PARALLEL,
    refusal: null,
  },
];

const DAY = 86_400_000;

describe(`${PARALLEL} requests of one player at once, each with its own key`, () => {
  const server = useTestServer(undefined);
  afterEach(() => vi.useRealTimers());

  test.each(ACTIONS)('$action', async ({ promotionId, request, before, at, succeed, refusal }) => {
    if (at) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at());
    }
    if (promotionId > 0) {
      const now = Date.now();
      await server.database.db
        .update(promotions)
        .set({ startsAt: new Date(now - DAY), endsAt: new Date(now + 30 * DAY) })
        .where(eq(promotions.id, promotionId));
      // A changed promotion drops the cached rows of every process: wait for it to be heard here.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const me = await newPlayer(server);
    await server.database.db.update(users).set({ identityVerifiedAt: new Date() }).where(eq(users.id, me.userId));
    if (before)
      expect((await me.call('POST', before.path, { 'idempotency-key': `before-${me.userId}` })).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => {
        const { path, body } = request(i);
        return me.call('POST', path, { 'idempotency-key': `parallel-${me.userId}-${i}` }, body ?? {});
      }),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(succeed);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => `${answer.statusCode} ${answer.json().error}`)).toEqual(
      Array(PARALLEL - succeed).fill(`409 ${refusal}`),
    );
  });
});
