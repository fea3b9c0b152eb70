import { HUNT_HIDDEN_PER_DAY, HUNT_SEARCHES_PER_DAY, HUNT_SET_SIZE, HUNT_SPOTS } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { transaction } from '../db/transaction.ts';
import { newLayout, searchHunt } from '../domain/hunts.ts';
import { newPlayer, signedInCaller, useTestServer, XHR_HEADERS } from '../testing.ts';

const KEY = 'idempotency-key';
const WINTER = 903;
// An ended hunt (its content keeps the 2024 dates).
const STICKERS = 171;
const board = (id: number) => `/web-api/api/web/promotions/${id}/hunt`;
const search = (id: number) => `${board(id)}/search`;

test('a day board hides the set size of collectibles in distinct spots', () => {
  for (let run = 0; run < 1000; run += 1) {
    const layout = newLayout();
    expect(layout).toHaveLength(HUNT_SPOTS);
    const hidden = layout.filter((spot) => spot !== null);
    expect(hidden).toHaveLength(HUNT_HIDDEN_PER_DAY);
    for (const collectible of hidden) expect(collectible).toBeGreaterThanOrEqual(0);
    for (const collectible of hidden) expect(collectible).toBeLessThan(HUNT_SET_SIZE);
  }
});

describe('collection hunts', () => {
  const server = useTestServer(undefined);

  test('visitors see the set and its completions; unknown and other promotions are refused', async () => {
    const visitor = (await server.app.inject({ url: board(WINTER) })).json();
    expect(visitor).toMatchObject({ promoId: WINTER, setSize: HUNT_SET_SIZE, status: 'active', me: null });
    expect(visitor.completedCount).toBeGreaterThan(0);
    expect((await server.app.inject({ url: board(104) })).statusCode).toBe(404);
    expect((await server.app.inject({ url: board(0) })).statusCode).toBe(400);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: search(WINTER),
      headers: XHR_HEADERS,
      payload: { spot: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  test('ten presses open one spot; three spots a day, each once, never a hidden one shown', async () => {
    const me = await newPlayer(server, { like: 1 });
    const before = (await me.call('GET', board(WINTER))).json().me;
    expect(before).toMatchObject({ searchesLeft: 3, collected: [], completion: null });
    expect(before.spots.every((spot: { opened: boolean }) => !spot.opened)).toBe(true);
    const presses = await Promise.all(
      Array.from({ length: 10 }, () => me.call('POST', search(WINTER), { [KEY]: 'hunt-search-0001' }, { spot: 2 })),
    );
    expect(presses.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const first = presses[0]?.json();
    expect(first.board.me.searchesLeft).toBe(2);
    expect(first.board.me.spots[2]).toEqual({ opened: true, collectible: first.found });
    // Spots not opened give nothing away.
    expect(
      first.board.me.spots.filter((spot: { collectible: number | null }) => spot.collectible !== null).length,
    ).toBe(first.found === null ? 0 : 1);
    const again = await me.call('POST', search(WINTER), { [KEY]: 'hunt-search-0002' }, { spot: 2 });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This spot is already open']);
    expect((await me.call('POST', search(WINTER), { [KEY]: 'hunt-search-0003' }, { spot: 9 })).statusCode).toBe(400);
    expect((await me.call('POST', search(WINTER), {}, { spot: 3 })).statusCode).toBe(400);
    for (const [spot, key] of [
      [0, 'hunt-search-0004'],
      [8, 'hunt-search-0005'],
    ] as const) {
      expect((await me.call('POST', search(WINTER), { [KEY]: key }, { spot })).statusCode).toBe(200);
    }
    const spent = await me.call('POST', search(WINTER), { [KEY]: 'hunt-search-0006' }, { spot: 5 });
    expect([spent.statusCode, spent.json().message]).toEqual([409, 'No searches left today; come back tomorrow']);
    const after = (await me.call('GET', board(WINTER))).json().me;
    expect(after.spots.filter((spot: { opened: boolean }) => spot.opened)).toHaveLength(3);
    expect(after.searchesLeft).toBe(0);
  });

  test('the last missing collectible completes the set at the next place of the prize table', async () => {
    // demo.player's seeded album (no other test of this file uses demo.player).
    const me = await signedInCaller(server, 0);
    const { completedCount, me: progress } = (await me.call('GET', board(WINTER))).json();
    expect(progress.collected).toEqual([0, 2, 3, 5]);
    const layout = () => [1, 4, 1, null, null, null, null, null, null];
    const open = (spot: number) =>
      transaction(server.database.db, (tx) =>
        searchHunt(tx, { promotionId: WINTER, userId: me.userId, spot }, new Date(), layout),
      );
    expect(await open(0)).toMatchObject({ found: 1, duplicate: false, completed: false });
    const last = await open(1);
    expect(last).toMatchObject({ found: 4, duplicate: false, completed: true });
    expect(last.board.me?.collected).toEqual([0, 1, 2, 3, 4, 5]);
    expect(last.board.completedCount).toBe(completedCount + 1);
    expect(last.board.me?.completion).toMatchObject({
      place: completedCount + 1,
      prize: { kind: 'freespins', amount: '50', currencyCode: 'USD' },
    });
    await expect(open(2)).rejects.toMatchObject({
      statusCode: 409,
      message: 'You have already completed the collection',
    });
  });

  test('an ended hunt keeps its albums and places and opens no more spots', async () => {
    // demo.player's seeded album of the ended hunt.
    const me = await signedInCaller(server, 0);
    const ended = (await me.call('GET', board(STICKERS))).json();
    expect(ended).toMatchObject({ status: 'ended', me: { collected: [0, 1, 2, 3, 4, 5] } });
    expect(ended.me.completion.place).toBe(ended.completedCount);
    const late = await me.call('POST', search(STICKERS), { [KEY]: 'hunt-search-0007' }, { spot: 1 });
    expect([late.statusCode, late.json().error, late.json().message]).toEqual([
      409,
      'promotion_ended',
      'This promotion has ended',
    ]);
  });
});

describe('a hunt under parallel searches (on PostgreSQL, where they truly run at once)', () => {
  const server = useTestServer(undefined);

  test("20 searches at once with their own keys: the day's 3 are taken, the rest 409, none 500; one spot opens once", async () => {
    const me = await newPlayer(server);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        me.call('POST', search(WINTER), { [KEY]: `parallel-hunt-${i}` }, { spot: i % HUNT_SPOTS }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(HUNT_SEARCHES_PER_DAY);
    const refusals = answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().error);
    expect(refusals).toHaveLength(20 - HUNT_SEARCHES_PER_DAY);
    expect(refusals.filter((code) => code !== 'no_searches' && code !== 'spot_open')).toEqual([]);
    expect((await me.call('GET', board(WINTER))).json().me.searchesLeft).toBe(0);

    // Two players' searches do not wait on each other's limit; two of one player on one spot: one opens it.
    const other = await newPlayer(server);
    const same = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        other.call('POST', search(WINTER), { [KEY]: `same-spot-${i}` }, { spot: 4 }),
      ),
    );
    expect(same.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(new Set(same.filter((a) => a.statusCode === 409).map((a) => a.json().error))).toEqual(
      new Set(['spot_open']),
    );
  });
});
