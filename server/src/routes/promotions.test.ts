import { PROMO_REGISTRY, promotionSchema } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { promotionStatus } from '../domain/promotions.ts';
import { databaseTargets, useTestServer } from '../testing.ts';

describe.each(databaseTargets)('promotions on $name', ({ databaseUrl }) => {
  const server = useTestServer(databaseUrl);
  const get = (key: string) => server.app.inject({ url: `/web-api/external-api/promotions/${key}` });

  test('every id of the registry is served, valid and under its slug', async () => {
    for (const entry of PROMO_REGISTRY) {
      for (const id of entry.ids) {
        const response = await get(String(id));
        expect(response.statusCode, `${entry.name} ${id}`).toBe(200);
        const body = promotionSchema.parse(response.json());
        expect(body).toMatchObject({ id, slug: entry.name, template: entry.template });
        expect(body.endsAt).toBe(entry.expireTime ?? null);
      }
    }
  });

  test('a tournament has its prize table and fund; past expiries are ended, long-term ones active', async () => {
    const fast = (await get('106')).json();
    expect(fast.status).toBe('ended');
    expect(fast.prizes[0]).toEqual({ places: '1', amount: '4000', kind: 'cash', currencyCode: 'USD' });
    expect(fast.prizeFund).toEqual({ amount: '9100.00', currencyCode: 'USD' });
    expect((await get('daily-tournament')).json()).toMatchObject({ id: 104, status: 'active', endsAt: null });
  });

  test('server-defined pattern promos are found by slug; unknown and malformed keys are not', async () => {
    expect((await get('summer-page')).json()).toMatchObject({ id: 901, template: 'info' });
    expect((await get('champions-cup')).json()).toMatchObject({ id: 902, template: 'tournament' });
    expect((await get('99999')).statusCode).toBe(404);
    expect((await get('no-such-promo')).statusCode).toBe(404);
    expect((await get('UPPER')).statusCode).toBe(400);
  });
});

test('status: upcoming before the start, ended at the end, active between', () => {
  const row = { startsAt: new Date('2025-01-01T00:00:00Z'), endsAt: new Date('2025-02-01T00:00:00Z') };
  expect(promotionStatus(row, new Date('2024-12-31T23:59:59Z'))).toBe('upcoming');
  expect(promotionStatus(row, new Date('2025-01-15T00:00:00Z'))).toBe('active');
  expect(promotionStatus(row, new Date('2025-02-01T00:00:00Z'))).toBe('ended');
  expect(promotionStatus({ ...row, endsAt: null }, new Date('2030-01-01T00:00:00Z'))).toBe('active');
});
