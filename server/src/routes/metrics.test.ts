import { describe, expect, test } from 'vitest';
import { frameMetrics } from '../db/schema.ts';
import { databaseTargets, useTestServer } from '../testing.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const URL = '/web-api/analytics/metrics';
const sample = (overrides: object = {}) => ({
  kind: 'vital',
  name: 'LCP',
  value: 812.5,
  rating: 'good',
  path: '/promo-frame/en/promotion',
  id: 'v5-1732512000000-123',
  occurredAt: Date.now(),
  ...overrides,
});

describe.each(databaseTargets)('metrics service on $name', ({ databaseUrl }) => {
  const server = useTestServer(databaseUrl);
  const rows = () => server.database.db.select().from(frameMetrics);

  test('vitals, frame timings and event counts are stored as sent', async () => {
    const metrics = [
      sample(),
      sample({ name: 'CLS', value: 0.02, id: 'v5-cls' }),
      sample({ name: 'INP', value: 64, rating: 'good', id: 'v5-inp' }),
      sample({ kind: 'timing', name: 'config_load', value: 143, rating: null, id: 'config_load' }),
      sample({ kind: 'timing', name: 'first_content', value: 620, rating: null, id: 'first_content' }),
      sample({ kind: 'event', name: 'page_not_found', value: 1, rating: null, id: 'e-1' }),
      sample({ kind: 'event', name: 'registration_try', value: 1, rating: null, id: 'e-2' }),
    ];
    const before = (await rows()).length;
    const response = await server.app.inject({ method: 'POST', url: URL, headers: XHR, payload: { metrics } });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 7 });
    const stored = (await rows()).slice(before);
    expect(stored.map((row) => [row.kind, row.name, row.value, row.rating, row.metricId])).toEqual(
      metrics.map((m) => [m.kind, m.name, m.value, m.rating, m.id]),
    );
    expect(stored[0]?.path).toBe('/promo-frame/en/promotion');
    expect(stored[0]?.occurredAt).toBeInstanceOf(Date);
  });

  test('a beacon (text/plain body, no X-Requested-With) is accepted like a fetch', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ metrics: [sample({ name: 'CLS', value: 0, id: 'beacon' })] }),
    });
    expect(response.statusCode).toBe(202);
    expect((await rows()).some((row) => row.metricId === 'beacon')).toBe(true);
  });

  test.each([
    ['no metrics', { metrics: [] }],
    ['unknown metric', { metrics: [sample({ name: 'FID' })] }],
    ['name of another kind', { metrics: [sample({ kind: 'timing', name: 'LCP' })] }],
    ['negative value', { metrics: [sample({ value: -1 })] }],
    ['value not a number', { metrics: [sample({ value: '800' })] }],
    ['unknown rating', { metrics: [sample({ rating: 'great' })] }],
    ['missing path', { metrics: [sample({ path: '' })] }],
    ['one bad among good', { metrics: [sample(), sample({ occurredAt: -5 })] }],
    ['too many', { metrics: Array.from({ length: 51 }, () => sample()) }],
    ['not an object', [1, 2]],
    ['text that is not JSON', 'metrics please'],
  ])('a bad batch (%s) is refused with 400 and its code, and nothing is stored', async (_name, body) => {
    const before = (await rows()).length;
    const response = await server.app.inject({
      method: 'POST',
      url: URL,
      headers: typeof body === 'string' ? { 'content-type': 'text/plain' } : XHR,
      payload: typeof body === 'string' ? body : (body as object),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'invalid_body' });
    expect((await rows()).length).toBe(before);
  });

  test('other web API posts still need X-Requested-With', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/web-api/user/balance', payload: {} });
    expect(response.statusCode).toBe(403);
  });
});
