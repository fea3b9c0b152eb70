import type { AnalyticsEvent } from '@promo/contract';
import { afterEach, expect, test, vi } from 'vitest';
import { createServerSink } from './analytics-sink.ts';

const event = (i: number): AnalyticsEvent => ({ name: 'auth_popup', occurredAt: i + 1, source: 55, payload: { i } });

afterEach(() => vi.unstubAllGlobals());

test('batches go to the collector in chunks of 50 with the token when there is one', async () => {
  const fetchMock = vi.fn(async () => new Response('{"accepted":1}', { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
  await createServerSink(() => 'jwt-1').send(
    Array.from({ length: 120 }, (_, i) => event(i)),
    { keepalive: true },
  );
  const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
  expect(calls.map(([url]) => url)).toEqual(Array(3).fill('/web-api/analytics/events'));
  expect(calls.map(([, init]) => JSON.parse(String(init.body)).events.length)).toEqual([50, 50, 20]);
  expect(calls[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true, headers: { 'x-auth': 'Bearer jwt-1' } });
});

test('no token means no x-auth header (analytics never starts a session); a refusal is an error', async () => {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 400 }));
  vi.stubGlobal('fetch', fetchMock);
  await expect(createServerSink(() => undefined).send([event(0)], { keepalive: false })).rejects.toThrow(
    'analytics collector answered 400',
  );
  const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
  expect(init.headers).not.toHaveProperty('x-auth');
});
