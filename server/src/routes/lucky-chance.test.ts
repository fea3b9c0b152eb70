import { count } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { luckyChanceForecasts } from '../db/schema.ts';
import { newPlayer, useTestServer, XHR_HEADERS } from '../testing.ts';

const URL = '/web-api/landing/LuckyChanceForm';
const KEY = 'idempotency-key';
// clutch-book: a running promotion with a featured match (its call to action's opponent pair).
const CLUTCH = 184;

describe('LuckyChanceForm: the featured match forecast', () => {
  const server = useTestServer(undefined);
  const stored = async () => (await server.database.db.select({ n: count() }).from(luckyChanceForecasts))[0]?.n ?? 0;

  test('a player forecasts once: ten concurrent posts with one key are one forecast, replayed', async () => {
    const me = await newPlayer(server, { like: 0 });
    expect((await me.call('GET', `${URL}?promoId=${CLUTCH}`)).json()).toEqual({ forecast: null });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        me.call('POST', URL, { [KEY]: 'forecast-00000001' }, { promoId: CLUTCH, home: 2, away: 1 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(answers[0]?.json().forecast).toMatchObject({ promoId: CLUTCH, oppId: 584113207, home: 2, away: 1 });
    expect((await me.call('GET', `${URL}?promoId=${CLUTCH}`)).json().forecast).toMatchObject({ home: 2, away: 1 });
    // The same key with another body is another call: refused (Stripe's rule), not replayed.
    const otherBody = await me.call('POST', URL, { [KEY]: 'forecast-00000001' }, { promoId: CLUTCH, home: 3, away: 1 });
    expect([otherBody.statusCode, otherBody.json().error]).toEqual([422, 'key_reused']);
    const sameBody = await me.call('POST', URL, { [KEY]: 'forecast-00000001' }, { promoId: CLUTCH, home: 2, away: 1 });
    expect([sameBody.statusCode, sameBody.headers['idempotent-replayed']]).toEqual([200, 'true']);
    const again = await me.call('POST', URL, { [KEY]: 'forecast-00000002' }, { promoId: CLUTCH, home: 0, away: 0 });
    expect([again.statusCode, again.json().error]).toEqual([409, 'already_forecast']);
    expect(await stored()).toBe(1);
  });

  test('a visitor, a promotion without a match and an ended one are refused; nothing is stored', async () => {
    const before = await stored();
    const visitor = await server.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...XHR_HEADERS, [KEY]: 'forecast-00000003' },
      payload: { promoId: CLUTCH, home: 1, away: 1 },
    });
    expect(visitor.statusCode).toBe(401);
    const me = await newPlayer(server, { like: 1 });
    const noMatch = await me.call('POST', URL, { [KEY]: 'forecast-00000004' }, { promoId: 104, home: 1, away: 1 });
    expect([noMatch.statusCode, noMatch.json().error]).toEqual([404, 'not_found']);
    expect(await stored()).toBe(before);
  });

  test.each([
    ['a negative score', { promoId: CLUTCH, home: -1, away: 0 }],
    ['a score over 20', { promoId: CLUTCH, home: 21, away: 0 }],
    ['a score in words', { promoId: CLUTCH, home: 'two', away: 0 }],
    ['a missing side', { promoId: CLUTCH, home: 1 }],
    ['no promotion', { home: 1, away: 0 }],
  ])('%s is a 400 and stores nothing', async (_name, body) => {
    const before = await stored();
    const me = await newPlayer(server, { like: 2 });
    const answer = await me.call('POST', URL, { [KEY]: `forecast-bad-${String(Math.random()).slice(2, 10)}` }, body);
    expect([answer.statusCode, answer.json().error]).toEqual([400, 'invalid_body']);
    expect(await stored()).toBe(before);
  });
});
