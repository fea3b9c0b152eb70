import { afterEach, beforeEach, expect, test, vi } from 'vitest';

// Each test imports the whole analytics wiring afresh (slow on a busy machine).
vi.setConfig({ testTimeout: 30_000 });

// No fingerprint script in jsdom: the collector sends without one.
vi.mock('../fingerprint/fingerprint.ts', () => ({ fingerprint: () => ({ get: async () => null }) }));

type Call = [string, RequestInit];
const bodyOf = (call: Call) => JSON.parse(String(call[1].body));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.resetModules();
  delete (window as { dataLayer?: unknown[] }).dataLayer;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The real wiring of the three destinations, with the collector down and the metrics service up. */
async function wiring() {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/analytics/events') ? new Response('{}', { status: 503 }) : new Response('{}', { status: 202 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const sendBeacon = vi.fn((_url: string, _body: string) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  const { analytics } = await import('./index.ts');
  const calls = (path: string) => (fetchMock.mock.calls as unknown as Call[]).filter(([url]) => url.endsWith(path));
  return { analytics: analytics(), calls, sendBeacon };
}

test('page-not-found and registration reach the dataLayer and the metrics service while the collector is down', async () => {
  const { analytics, calls } = await wiring();
  analytics.pageNotFound('/promo-frame/en/nope');
  analytics.registrationTry('fast_reg', { bonusChoice: 1 });
  await vi.advanceTimersByTimeAsync(5_000);

  const dataLayer = (window as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? [];
  expect(dataLayer.map((entry) => entry.event)).toEqual(['page_not_found', 'registration_try']);
  expect(dataLayer[0]).toMatchObject({ path: '/promo-frame/en/nope', source: 55 });
  expect(dataLayer[1]).toMatchObject({ regType: 'fast_reg', bonusChoice: 1, regTryCounter: 1 });

  const metrics = calls('/analytics/metrics').flatMap((call) => bodyOf(call).metrics);
  expect(metrics.map((m: { kind: string; name: string; value: number }) => [m.kind, m.name, m.value])).toEqual([
    ['event', 'page_not_found', 1],
    ['event', 'registration_try', 1],
  ]);

  // The collector was tried (and failed) without holding the others back; it retries on its own.
  const tries = calls('/analytics/events').length;
  expect(tries).toBeGreaterThanOrEqual(1);
  await vi.advanceTimersByTimeAsync(2_000);
  expect(calls('/analytics/events').length).toBe(tries + 1);
  expect(bodyOf(calls('/analytics/events').at(-1) as Call).events.map((e: { name: string }) => e.name)).toEqual([
    'page_not_found',
    'registration_try',
  ]);
});

test('hiding the page beacons what the collector still holds and what the metrics service has queued', async () => {
  const { analytics, sendBeacon } = await wiring();
  analytics.pageNotFound('/promo-frame/en/gone');
  await vi.advanceTimersByTimeAsync(1_000);
  analytics.authPopup();
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  const beacons = sendBeacon.mock.calls.map(([url, body]) => [url, JSON.parse(body)]);
  // (The previous test's instance still listens too: this one's beacons come last.)
  const events = beacons.filter(([url]) => url === '/web-api/analytics/events').at(-1)?.[1].events;
  expect(events.map((e: { name: string }) => e.name)).toEqual(['page_not_found', 'auth_popup']);
  const metrics = beacons.filter(([url]) => url === '/web-api/analytics/metrics').at(-1)?.[1].metrics;
  expect(metrics.map((m: { name: string }) => m.name)).toEqual(['page_not_found', 'auth_popup']);
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});
