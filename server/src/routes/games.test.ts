import { evaginariumMobileSchema, evasFavoritesSchema } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { newPlayer, useTestServer, XHR_HEADERS } from '../testing.ts';

const FAVORITES = '/web-api/external-api/evasfavorites/available';
const EVAGINARIUM = '/web-api/evaginarium/mobile';
const CONVERT = '/web-api/api/v3/promotions/amounts/convert';

describe("promotions' game lists and amount conversion", () => {
  const server = useTestServer(undefined);

  test("Eva's favourites: open to visitors and players, not to restricted countries", async () => {
    const visitor = evasFavoritesSchema.parse((await server.app.inject({ url: FAVORITES })).json());
    expect(visitor).toMatchObject({ available: true, reason: null });
    expect(visitor.games.map((game) => game.title)).toContain('Book of Sun');
    expect(visitor.games.map((game) => game.title)).toEqual([...visitor.games.map((game) => game.title)].sort());
    const player = await newPlayer(server, { like: 0 });
    expect((await player.call('GET', FAVORITES)).json()).toMatchObject({ available: true });
    // demo.uk's country is refused, as for tournaments.
    const uk = await newPlayer(server, { like: 3 });
    expect((await uk.call('GET', FAVORITES)).json()).toMatchObject({ available: false, reason: 'region' });
  });

  test('Evaginarium lists the slots that count on mobile', async () => {
    const answer = evaginariumMobileSchema.parse((await server.app.inject({ url: EVAGINARIUM })).json());
    expect(answer.promoId).toBe(192);
    expect(answer.games.map((game) => game.slug)).toEqual(
      expect.arrayContaining(['golden-scarab', 'dragon-pearl', 'candy-rush']),
    );
    expect(answer.games.map((game) => game.slug)).not.toContain('viking-raid');
  });

  test('amounts in several currencies convert into one; unknown currencies fail as a whole', async () => {
    const convert = (payload: object) =>
      server.app.inject({ method: 'POST', url: CONVERT, headers: XHR_HEADERS, payload });
    const mixed = await convert({
      amounts: [
        { amount: '90', currencyCode: 'RUB' },
        { amount: '10', currencyCode: 'EUR' },
      ],
      currencyCode: 'USD',
    });
    expect(mixed.json()).toEqual({
      success: true,
      amounts: [
        { amount: '1.00', currencyCode: 'USD' },
        // 10 euros at 0.92 euros per dollar, rounded half up to the cent.
        { amount: '10.87', currencyCode: 'USD' },
      ],
      // What the listed amounts add up to: the account bar's total.
      total: { amount: '11.87', currencyCode: 'USD' },
      message: null,
    });
    // Without a round, the target currency's own digits: 4 for the crypto unit.
    const crypto = await convert({ amounts: [{ amount: '100', currencyCode: 'USD' }], currencyCode: 'mBTC' });
    expect(crypto.json()).toMatchObject({ total: { amount: '1.1000', currencyCode: 'mBTC' } });
    expect((await convert({ amounts: [{ amount: '1', currencyCode: 'XYZ' }], currencyCode: 'USD' })).json()).toEqual({
      success: false,
      amounts: [],
      total: null,
      message: 'Unknown currency XYZ',
    });
    expect((await convert({ amounts: [] })).statusCode).toBe(400);
    expect((await convert({ amounts: [{ amount: '-1', currencyCode: 'USD' }] })).statusCode).toBe(400);
    // A player's amounts go to the active account's currency, whatever is asked.
    const player = await newPlayer(server, { like: 0 });
    const mine = await player.call(
      'POST',
      CONVERT,
      {},
      { amounts: [{ amount: '5', currencyCode: 'USD' }], currencyCode: 'RUB' },
    );
    expect(mine.json()).toMatchObject({
      amounts: [{ amount: '5.00', currencyCode: 'USD' }],
      total: { amount: '5.00', currencyCode: 'USD' },
    });
  });
});
