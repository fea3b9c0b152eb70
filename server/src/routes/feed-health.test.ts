import { FEED_HEALTH_ENDPOINTS, type FeedHealth, type Settlement } from '@promo/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { accounts, feedRefusals, feedSources, settlements } from '../db/schema.ts';
import { readLocales } from '../seed/locales.ts';
import { DEMO_OPERATOR_KEY } from '../settings.ts';
import { consoleCall, newPlayer, staffSessions, type TestServer, useTestServer } from '../testing.ts';

const SETTLEMENTS = '/operator-api/v1/settlements';
const HEALTH = `${FEED_HEALTH_ENDPOINTS.feedHealth.base}${FEED_HEALTH_ENDPOINTS.feedHealth.path}`;
const AUTH = { authorization: `Bearer ${DEMO_OPERATOR_KEY}` };
/** The configured key's caller, as the feed's sources and refusals name it. */
const KEY_CALLER = 'key:OPERATOR_API_KEY';

let serial = 0;
const nextId = (prefix: string) => {
  serial += 1;
  return `feed-health-${prefix}-${process.pid}-${serial}`;
};
const bet = (playerId: number): Settlement => ({
  id: nextId('bet'),
  playerId,
  kind: 'bet',
  settledAt: new Date(Date.now() - 60_000).toISOString(),
  currency: 'USD',
  stake: '1.00',
  payout: '0',
  sportId: 1,
  betType: 'single',
  legs: 1,
  odds: '1.10',
});
const round = (playerId: number): Settlement => ({
  id: nextId('round'),
  playerId,
  kind: 'round',
  settledAt: new Date(Date.now() - 60_000).toISOString(),
  currency: 'USD',
  stake: '0.10',
  payout: '0',
  game: 'rocket-crash',
  category: 'crash',
});

const post = (server: TestServer, items: unknown) =>
  server.app.inject({ method: 'POST', url: SETTLEMENTS, headers: AUTH, payload: { items } });

describe('feed health: the console’s view of the settlement feed', () => {
  const server = useTestServer(undefined);
  const staffOf = staffSessions(server);
  const health = async (query = '', headers: Record<string, string> = {}) => {
    const answer = await consoleCall(server, await staffOf('support'), 'GET', `${HEALTH}${query}`, { headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<FeedHealth>();
  };
  const rows = async () => {
    const { db } = server.database;
    const n = async (table: typeof settlements | typeof feedRefusals | typeof feedSources) =>
      (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return {
      settlements: await n(settlements),
      refusals: await n(feedRefusals),
      sources: await n(feedSources),
    };
  };

  test('posted items are counted in the minute they arrived, zero-filled around them', async () => {
    const me = await newPlayer(server);
    const before = await health();
    expect(before.perMinute).toHaveLength(60);
    const items = [bet(me.userId), bet(me.userId), round(me.userId)];
    const posted = await post(server, items);
    expect(posted.statusCode, posted.body).toBe(200);
    const after = await health();
    expect(after.totals.items - before.totals.items).toBe(3);
    // Each bucket holds the settlements that arrived in its minute; every minute has a bucket.
    const ids = items.map((item) => item.id);
    const { db } = server.database;
    const minuteOf = sql<string>`floor(extract(epoch from ${settlements.receivedAt}) / 60)::bigint`;
    const [mine] = await db
      .select({ minute: minuteOf })
      .from(settlements)
      .where(inArray(settlements.externalId, ids))
      .groupBy(minuteOf);
    const bucket = after.perMinute.find((entry) => entry.at === Number(mine?.minute) * 60);
    expect(bucket?.items).toBeGreaterThanOrEqual(3);
    expect(after.perMinute.map((entry) => entry.at - (after.perMinute[0]?.at ?? 0))).toEqual(
      Array.from({ length: 60 }, (_, index) => index * 60),
    );

    // Moved 20 minutes back, two of them count in that minute, which held none before.
    const earlier = new Date(Date.now() - 20 * 60_000);
    await db
      .update(settlements)
      .set({ receivedAt: earlier })
      .where(inArray(settlements.externalId, ids.slice(0, 2)));
    const moved = await health();
    const at = Math.floor(earlier.getTime() / 60_000) * 60;
    expect(moved.perMinute.find((entry) => entry.at === at)?.items).toBe(2);
    // A shorter window: one bucket a minute, and the moved ones are outside it.
    const short = await health('?minutes=10');
    expect(short.perMinute).toHaveLength(10);
    expect(short.perMinute.some((entry) => entry.at === at)).toBe(false);
  });

  test('a refused batch is recorded with its code, caller and size, and writes nothing else', async () => {
    const me = await newPlayer(server);
    const before = await rows();
    // Player 2^31-1 is nobody: the whole batch is refused.
    const refused = await post(server, [bet(me.userId), bet(2 ** 31 - 1)]);
    expect([refused.statusCode, refused.json().error]).toEqual([422, 'unknown_player']);
    const malformed = await post(server, [{ kind: 'bet' }]);
    expect([malformed.statusCode, malformed.json().error]).toEqual([400, 'invalid_body']);
    const after = await rows();
    expect(after).toEqual({ ...before, refusals: before.refusals + 2 });

    const answer = await health();
    expect(answer.refusals.latest.slice(0, 2)).toEqual([
      { at: expect.any(Number), code: 'invalid_body', status: 400, caller: KEY_CALLER, items: 1 },
      { at: expect.any(Number), code: 'unknown_player', status: 422, caller: KEY_CALLER, items: 2 },
    ]);
    expect(answer.refusals.byCode).toContainEqual(
      expect.objectContaining({ code: 'unknown_player', batches: expect.any(Number) }),
    );
    expect(answer.totals.refusedBatches).toBeGreaterThanOrEqual(2);

    // A caller without a key is not recorded (anyone could fill the table).
    const stranger = await server.app.inject({ method: 'POST', url: SETTLEMENTS, payload: { items: [] } });
    expect(stranger.statusCode).toBe(401);
    expect((await rows()).refusals).toBe(after.refusals);
  });

  test('each source (caller and kind) shows its last item', async () => {
    const me = await newPlayer(server);
    const [first, spin, last] = [bet(me.userId), round(me.userId), bet(me.userId)];
    expect((await post(server, [first, spin, last])).statusCode).toBe(200);
    const answer = await health();
    const ofKey = answer.sources.filter((source) => source.caller === KEY_CALLER);
    expect(ofKey.find((source) => source.kind === 'bet')).toMatchObject({
      externalId: last?.id,
      settledAt: Math.floor(Date.parse(last?.settledAt ?? '') / 1000),
    });
    expect(ofKey.find((source) => source.kind === 'round')?.externalId).toBe(spin?.id);
    // Posted again: the source is alive, its count goes on.
    const bets = ofKey.find((source) => source.kind === 'bet')?.items ?? 0;
    expect((await post(server, [first])).json()).toMatchObject({ accepted: 0, duplicates: 1 });
    const again = await health();
    const betSource = again.sources.find((source) => source.caller === KEY_CALLER && source.kind === 'bet');
    expect([betSource?.externalId, betSource?.items]).toEqual([first?.id, bets + 1]);
  });

  test('the ledger check lists a balance its entries do not explain', async () => {
    expect((await health()).ledger).toMatchObject({ ok: true, mismatches: [] });
    const me = await newPlayer(server);
    const { db } = server.database;
    // Only in this test's own database: a balance changed behind the ledger's back.
    const [account] = await db
      .update(accounts)
      .set({ amount: '150.00' })
      .where(eq(accounts.userId, me.userId))
      .returning({ id: accounts.id });
    try {
      const { ledger } = await health();
      expect(ledger.ok).toBe(false);
      expect(ledger.mismatches).toEqual([
        {
          accountId: account?.id,
          userId: me.userId,
          currencyCode: 'USD',
          balance: expect.stringMatching(/^150\.0+$/),
          ledger: expect.stringMatching(/^100\.0+$/),
          entries: 1,
          brokenEntryId: null,
        },
      ]);
    } finally {
      await db.update(accounts).set({ amount: '100.00' }).where(eq(accounts.userId, me.userId));
    }
  });

  test('support, publishers and admins read it; editors do not; a bad window is 400 in the reader’s language', async () => {
    for (const role of ['publisher', 'admin'] as const) {
      expect((await consoleCall(server, await staffOf(role), 'GET', HEALTH)).statusCode).toBe(200);
    }
    const editor = await consoleCall(server, await staffOf('editor'), 'GET', HEALTH);
    expect([editor.statusCode, editor.json().error]).toEqual([403, 'forbidden_role']);
    for (const query of ['?minutes=0', '?minutes=abc', '?minutes=181']) {
      const bad = await consoleCall(server, await staffOf('support'), 'GET', `${HEALTH}${query}`, {
        headers: { 'accept-language': 'ru' },
      });
      expect([bad.statusCode, bad.json().error, bad.json().message]).toEqual([
        400,
        'invalid_param',
        readLocales().ru?.common?.api_error_invalid_param,
      ]);
    }
  });
});
