import type { Settlement } from '@promo/contract';
import { count } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { promoCredits } from '../db/schema.ts';
import { weekStart } from '../domain/promo-credits.ts';
import { DAY_MS } from '../domain/time.ts';
import { DEMO_OPERATOR_KEY } from '../settings.ts';
import { newPlayer, type TestServer, useTestServer } from '../testing.ts';

const OPERATOR = { authorization: `Bearer ${DEMO_OPERATOR_KEY}` };
const KEY = 'idempotency-key';
// loss-refund-bet: 10% of a week's net sports loss, up to $100.
const LOSS_REFUND = 168;
// identification-bonus: a $10 free bet once the account is verified.
const IDENTIFICATION = 191;
const NO_RISK = 114;

let serial = 0;
const single = (playerId: number, settledAt: Date, stake: string, payout: string, currency = 'USD'): Settlement => {
  serial += 1;
  return {
    id: `credits-test-${serial}`,
    playerId,
    kind: 'bet',
    settledAt: settledAt.toISOString(),
    currency,
    stake,
    payout,
    sportId: 1,
    betType: 'single',
    legs: 1,
    odds: '2.00',
  };
};
const feed = async (server: TestServer, items: Settlement[]) => {
  const answer = await server.app.inject({
    method: 'POST',
    url: '/operator-api/v1/settlements',
    headers: OPERATOR,
    payload: { items },
  });
  expect(answer.statusCode).toBe(200);
};
const credited = async (server: TestServer) =>
  (await server.database.db.select({ n: count() }).from(promoCredits))[0]?.n ?? 0;

describe('what the settled-bets mechanics credit', () => {
  const server = useTestServer(undefined);

  test('the weekly loss refund: a closed week’s share of its net loss is credited once; this week is shown as it runs', async () => {
    const me = await newPlayer(server, { like: 2 });
    const url = `/web-api/api/web/promotions/${LOSS_REFUND}/credits`;
    const monday = weekStart(new Date());
    // The week before last: closed more than a day ago whatever the weekday today.
    const lastWeek = new Date(monday.getTime() - 10 * DAY_MS);
    // demo.spinner bets in euros: that week 300 staked, 40 returned (net 260 EUR: 26 EUR back);
    // this week 50 staked, 20 returned so far.
    await feed(server, [
      single(me.userId, lastWeek, '200.00', '0', 'EUR'),
      single(me.userId, lastWeek, '100.00', '40.00', 'EUR'),
      single(me.userId, new Date(Math.min(Date.now() - 60_000, monday.getTime() + 60_000)), '50.00', '20.00', 'EUR'),
    ]);
    const first = (await me.call('GET', url)).json();
    expect(first.items).toEqual([
      expect.objectContaining({ kind: 'freebet', amount: '26', currencyCode: 'EUR', reason: 'week' }),
    ]);
    expect(first.items[0].weekOf).toBe(Math.floor(weekStart(lastWeek).getTime() / 1000));
    if (Date.now() - monday.getTime() > 120_000) {
      expect(first.week).toMatchObject({ staked: '50.00', returned: '20.00', netLoss: '30.00', refund: '3.00' });
    }
    expect(first.week.currencyCode).toBe('EUR');
    const before = await credited(server);
    expect((await me.call('GET', url)).json().items).toHaveLength(1);
    expect(await credited(server)).toBe(before);
  });

  test('the risk-free bet says whether the cover is still open, refunded or used', async () => {
    const me = await newPlayer(server, { like: 4 });
    const url = `/web-api/api/web/promotions/${NO_RISK}/credits`;
    expect((await me.call('GET', url)).json()).toMatchObject({ cover: 'open', items: [], week: null, identity: null });
    await feed(server, [single(me.userId, new Date(Date.now() - 60_000), '12.00', '0')]);
    expect((await me.call('GET', url)).json()).toMatchObject({
      cover: 'refunded',
      items: [{ kind: 'freebet', amount: '12', currencyCode: 'USD', reason: 'cover' }],
    });
  });

  test('the verification reward: refused until the operator verifies the player, then taken once', async () => {
    const me = await newPlayer(server, { like: 1 });
    const claim = `/web-api/api/web/promotions/${IDENTIFICATION}/claim`;
    const before = await credited(server);
    const early = await me.call('POST', claim, { [KEY]: 'claim-0000000001' });
    expect([early.statusCode, early.json().error]).toEqual([403, 'not_verified']);
    expect(await credited(server)).toBe(before);

    const verify = (body: unknown, id = me.userId) =>
      server.app.inject({
        method: 'PUT',
        url: `/operator-api/v1/players/${id}/identity`,
        headers: OPERATOR,
        payload: body as object,
      });
    expect((await verify({ verified: 'yes' })).json().error).toBe('invalid_body');
    expect((await verify({ verified: true }, 999_999)).json().error).toBe('unknown_player');
    expect(
      (
        await server.app.inject({
          method: 'PUT',
          url: `/operator-api/v1/players/${me.userId}/identity`,
          payload: { verified: true },
        })
      ).statusCode,
    ).toBe(401);
    expect((await verify({ verified: true })).json()).toMatchObject({ playerId: me.userId, verified: true });

    const keys = Array.from({ length: 10 }, (_, i) => `claim-00000001${String(i).padStart(2, '0')}`);
    const answers = await Promise.all(keys.map((key) => me.call('POST', claim, { [KEY]: key })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error)).toEqual(
      Array(9).fill('already_claimed'),
    );
    const won = answers.find((a) => a.statusCode === 200);
    expect(won?.json()).toMatchObject({
      identity: { verified: true, claimed: true },
      items: [{ kind: 'freebet', amount: '10', currencyCode: 'USD', reason: 'claim' }],
    });
    const replay = await me.call('POST', claim, {
      [KEY]: keys[answers.indexOf(won as (typeof answers)[number])] ?? '',
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(won?.json());
    expect(await credited(server)).toBe(before + 1);
  });

  test('bad calls: a visitor, a promotion that credits nothing, a bad id, no key', async () => {
    expect((await server.app.inject({ url: `/web-api/api/web/promotions/${NO_RISK}/credits` })).statusCode).toBe(401);
    const me = await newPlayer(server, { like: 0 });
    const notHere = await me.call('GET', '/web-api/api/web/promotions/104/credits');
    expect([notHere.statusCode, notHere.json().error]).toEqual([404, 'not_found']);
    const bad = await me.call('GET', '/web-api/api/web/promotions/abc/credits');
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'invalid_param']);
    const wrongClaim = await me.call('POST', `/web-api/api/web/promotions/${NO_RISK}/claim`, {
      [KEY]: 'claim-0000000099',
    });
    expect([wrongClaim.statusCode, wrongClaim.json().error]).toEqual([404, 'not_claimable']);
    const noKey = await me.call('POST', `/web-api/api/web/promotions/${IDENTIFICATION}/claim`);
    expect(noKey.statusCode).toBe(400);
  });

  test('a refusal reads in the request’s language, with the English detail beside it', async () => {
    const me = await newPlayer(server, { like: 3 });
    const claim = `/web-api/api/web/promotions/${IDENTIFICATION}/claim`;
    const russian = await me.call('POST', claim, {
      [KEY]: 'claim-0000000201',
      'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8',
    });
    expect(russian.json()).toEqual({
      statusCode: 403,
      error: 'not_verified',
      message: 'Сначала подтвердите личность.',
      detail: 'Verify your account first',
    });
    const arabic = await me.call('POST', `${claim}?lang=ar`, { [KEY]: 'claim-0000000202' });
    expect(arabic.json().message).toBe('وثّق حسابك أولًا.');
    const bad = await me.call('GET', '/web-api/api/web/promotions/0/credits', { 'accept-language': 'ru' });
    expect(bad.json()).toEqual({
      statusCode: 400,
      error: 'invalid_param',
      message: 'Параметр запроса указан неверно.',
      detail: 'Invalid request path: id: a positive integer expected',
    });
    // A language the site does not have reads in English.
    const other = await me.call('POST', claim, { [KEY]: 'claim-0000000203', 'accept-language': 'de' });
    expect(other.json().message).toBe('Verify your account first.');
  });
});

describe('a loss-refund week is settled a day after it ends', () => {
  const server = useTestServer(undefined);

  test('Monday morning the week just ended is not paid yet; Tuesday it is, once', async () => {
    const { settleLossRefunds } = await import('../domain/promo-credits.ts');
    const me = await newPlayer(server, { like: 4 });
    const monday = weekStart(new Date());
    const sunday = new Date(monday.getTime() - 60_000);
    await feed(server, [single(me.userId, sunday, '100.00', '0')]);
    expect(await settleLossRefunds(server.database.db, new Date(monday.getTime() + 60 * 60_000), me.userId)).toBe(0);
    expect(await settleLossRefunds(server.database.db, new Date(monday.getTime() + DAY_MS + 60_000), me.userId)).toBe(
      1,
    );
    expect(await settleLossRefunds(server.database.db, new Date(monday.getTime() + DAY_MS + 120_000), me.userId)).toBe(
      0,
    );
  });
});
