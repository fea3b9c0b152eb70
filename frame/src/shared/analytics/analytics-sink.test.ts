import type { AnalyticsEvent } from '@promo/contract';
import { afterEach, expect, test, vi } from 'vitest';
import { beaconTo, createCollectorSend, sendMetrics } from './analytics-sink.ts';

const event = (i: number): AnalyticsEvent => ({ name: 'auth_popup', occurredAt: i + 1, source: 55, payload: { i } });
type Call = [string, RequestInit];

afterEach(() => vi.unstubAllGlobals());

test('the collector gets the batch with the token and the fingerprint when there are some', async () => {
  const fetchMock = vi.fn(async () => new Response('{"accepted":2}', { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
  await createCollectorSend(
    () => 'jwt-1',
    async () => 'fp-token',
  )([event(0), event(1)]);
  const [url, init] = fetchMock.mock.calls[0] as unknown as Call;
  expect(url).toBe('/web-api/analytics/events');
  expect(init).toMatchObject({ method: 'POST', headers: { 'x-auth': 'Bearer jwt-1' } });
  expect(JSON.parse(String(init.body)).events.map((e: AnalyticsEvent) => e.payload)).toEqual([
    { i: 0, fingerprint: 'fp-token' },
    { i: 1, fingerprint: 'fp-token' },
  ]);
});

test('no token means no x-auth header (analytics never starts a session); a refusal is an error', async () => {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 400 }));
  vi.stubGlobal('fetch', fetchMock);
  const send = createCollectorSend(
    () => undefined,
    async () => {
      throw new Error('fingerprint script missing');
    },
  );
  await expect(send([event(0)])).rejects.toThrow('analytics collector answered 400');
  const init = (fetchMock.mock.calls[0] as unknown as Call)[1];
  expect(init.headers).not.toHaveProperty('x-auth');
  expect(JSON.parse(String(init.body)).events[0].payload).toEqual({ i: 0 });
});

test('the metrics service gets its batch; a refusal is an error', async () => {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 503 }));
  vi.stubGlobal('fetch', fetchMock);
  const sample = { kind: 'vital', name: 'CLS', value: 0, rating: 'good', path: '/', id: 'x', occurredAt: 1 } as const;
  await expect(sendMetrics([sample])).rejects.toThrow('metrics service answered 503');
  const [url, init] = fetchMock.mock.calls[0] as unknown as Call;
  expect(url).toBe('/web-api/analytics/metrics');
  expect(JSON.parse(String(init.body))).toEqual({ metrics: [sample] });
});

test('a beacon carries the batch as text to the path and reports what the browser said', () => {
  const sendBeacon = vi.fn(() => true);
  vi.stubGlobal('navigator', { sendBeacon });
  expect(beaconTo('/analytics/events', 'events')([event(0)])).toBe(true);
  expect(sendBeacon).toHaveBeenCalledWith('/web-api/analytics/events', JSON.stringify({ events: [event(0)] }));
  sendBeacon.mockReturnValue(false);
  expect(beaconTo('/analytics/metrics', 'metrics')([])).toBe(false);
  vi.stubGlobal('navigator', {});
  expect(beaconTo('/analytics/metrics', 'metrics')([])).toBe(false);
});
