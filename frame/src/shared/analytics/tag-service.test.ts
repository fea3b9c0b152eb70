import { type AnalyticsEvent, parseHostMessage } from '@promo/contract';
import { expect, test, vi } from 'vitest';
import { type DataLayerWindow, type HostLink, handToHost, pushToDataLayer } from './tag-service.ts';

const events: AnalyticsEvent[] = [
  { name: 'page_view', occurredAt: 10, source: 55, payload: { path: '/promo-frame/en/', title: 'Promotions' } },
  { name: 'registration_try', occurredAt: 11, source: 55, payload: { regType: 'fast_reg', regTryCounter: 1 } },
];
const entries = [
  { event: 'page_view', path: '/promo-frame/en/', title: 'Promotions', occurredAt: 10, source: 55 },
  { event: 'registration_try', regType: 'fast_reg', regTryCounter: 1, occurredAt: 11, source: 55 },
];

test("the frame's dataLayer gets one flat entry per event, after what was there", async () => {
  const win: DataLayerWindow = { dataLayer: [{ 'gtm.start': 1 }] };
  await pushToDataLayer(win)(events);
  expect(win.dataLayer).toEqual([{ 'gtm.start': 1 }, ...entries]);
  const fresh: DataLayerWindow = {};
  await pushToDataLayer(fresh)(events.slice(0, 1));
  expect(fresh.dataLayer).toEqual(entries.slice(0, 1));
});

test.each<[HostLink, 'posted' | 'retried' | 'dropped']>([
  ['connected', 'posted'],
  ['pending', 'retried'],
  ['none', 'dropped'],
])('with the host %s the batch is %s', async (link, outcome) => {
  const post = vi.fn();
  const result = handToHost(() => link, post)(events);
  if (outcome === 'retried') await expect(result).rejects.toThrow('host not connected yet');
  else await expect(result).resolves.toBeUndefined();
  expect(post).toHaveBeenCalledTimes(outcome === 'posted' ? 1 : 0);
  if (outcome === 'posted') {
    expect(post).toHaveBeenCalledWith({ entries });
    // What the host receives is a message the contract accepts.
    expect(parseHostMessage({ type: 'dataLayerPush', data: post.mock.calls[0]?.[0], v: 1 })?.data).toEqual({ entries });
  }
});
