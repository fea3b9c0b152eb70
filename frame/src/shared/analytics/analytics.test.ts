import { type AnalyticsEvent, analyticsEventSchema } from '@promo/contract';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { parseDeviceInfo } from '../lib/browser/device-info.ts';
import { createAnalytics } from './analytics.ts';
import { ANALYTICS_ENTRY_TTL_MS } from './analytics-storage.ts';
import { createDestination } from './destination.ts';

const FLUSH_DELAY_MS = 1_000;

const storage = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

function setup() {
  let failing = false;
  let now = Date.parse('2026-11-22T10:00:00Z');
  const sent: AnalyticsEvent[][] = [];
  let pageHide: ((leaving: boolean) => void) | undefined;
  const destination = createDestination<AnalyticsEvent>({
    name: 'test collector',
    send: async (events) => {
      if (failing) throw new Error('collector down');
      sent.push(events);
    },
    delayMs: FLUSH_DELAY_MS,
    batchSize: 50,
    maxQueue: 200,
    retryBaseMs: 1_000,
    retryMaxMs: 8_000,
  });
  const analytics = createAnalytics({
    destinations: [destination],
    storage: storage(),
    device: () => parseDeviceInfo('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1'),
    onPageHide: (listener) => {
      pageHide = listener;
    },
    now: () => now,
  });
  return {
    analytics,
    sent,
    events: () => sent.flat(),
    advance: (ms: number) => {
      now += ms;
    },
    hidePage: (leaving = true) => pageHide?.(leaving),
    setFailing: (value: boolean) => {
      failing = value;
    },
  };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

test('registration tries are counted, batched and carry device info', async () => {
  const { analytics, sent, events } = setup();
  expect(
    analytics.registrationTry('fast_reg', { bonusChoice: 1, credentialsSave: 2, refGroupId: 4711, countryId: 57 }),
  ).toBe(true);
  expect(analytics.registrationTry('phone_reg')).toBe(true);
  expect(sent).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
  expect(sent).toHaveLength(1);
  expect(events().map((e) => [e.name, e.payload.regTryCounter])).toEqual([
    ['registration_try', 1],
    ['registration_try', 2],
  ]);
  expect(events()[0]).toMatchObject({
    source: 55,
    payload: {
      regType: 'fast_reg',
      bonusChoice: 1,
      credentialsSave: 2,
      refGroupId: 4711,
      countryId: 57,
      mobile: true,
      ios: true,
    },
  });
  // Without a referral link, a known country or a way to keep credentials, the try says so.
  expect(events()[1]).toMatchObject({ payload: { refGroupId: null, countryId: null, credentialsSave: null } });
  expect(analytics.state()).toMatchObject({ regTryCounter: 2, hasDone: false, socialData: { regType: 'phone_reg' } });
});

test('unknown registration, bonus, social and credentials-save types are logged as errors and not counted', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const { analytics, events } = setup();
  expect(analytics.registrationTry('magic_reg')).toBe(false);
  expect(analytics.registrationTry('fast_reg', { bonusChoice: 3 })).toBe(false);
  expect(analytics.registrationTry('soc_reg', { social: 'myspace' })).toBe(false);
  expect(analytics.registrationTry('fast_reg', { credentialsSave: 3 })).toBe(false);
  expect(analytics.registrationTry('fast_reg', { credentialsSave: 'email' })).toBe(false);
  expect(analytics.registrationTry('soc_reg', { social: 'telegram' })).toBe(true);
  expect(logged.mock.calls.map((call) => call[0])).toEqual([
    'Unknown registration type: magic_reg',
    'Unknown bonus type: 3',
    'Unknown social network type: myspace',
    'Unknown credentials save type: 3',
    'Unknown credentials save type: email',
  ]);
  await analytics.flush();
  expect(
    events()
      .filter((e) => e.name === 'analytics_error')
      .map((e) => e.payload.message),
  ).toEqual([
    'Unknown registration type: magic_reg',
    'Unknown bonus type: 3',
    'Unknown social network type: myspace',
    'Unknown credentials save type: 3',
    'Unknown credentials save type: email',
  ]);
  expect(analytics.state().regTryCounter).toBe(1);
});

test('leaving after a registration try that did not complete sends a leave event; hiding the tab does not', async () => {
  const { analytics, events, hidePage } = setup();
  analytics.registrationTry('fast_reg');
  hidePage(false);
  hidePage();
  await vi.runAllTimersAsync();
  expect(events().map((e) => e.name)).toEqual(['registration_try', 'registration_leave']);
  expect(events()[1]?.payload.regTryCounter).toBe(1);
});

test('no leave event once registration is done', async () => {
  const { analytics, events, hidePage } = setup();
  analytics.registrationTry('fast_reg');
  analytics.registrationDone();
  hidePage();
  await vi.runAllTimersAsync();
  expect(events().map((e) => e.name)).toEqual(['registration_try']);
});

test('auth pop-up counter counts and both counters expire after 24 h', () => {
  const { analytics, advance } = setup();
  analytics.authPopup();
  analytics.authPopup();
  analytics.registrationTry('fast_reg');
  expect(analytics.state()).toMatchObject({ authTryCounter: 2, regTryCounter: 1 });
  advance(ANALYTICS_ENTRY_TTL_MS - 1);
  expect(analytics.state()).toMatchObject({ authTryCounter: 2, regTryCounter: 1 });
  advance(1);
  expect(analytics.state()).toMatchObject({ authTryCounter: 0, regTryCounter: 0, lastAuthPopUpCallTime: null });
});

test('a page view names the path and the title', async () => {
  const { analytics, events } = setup();
  analytics.pageView('/promo-frame/en/promotion', 'Promotions');
  await analytics.flush();
  expect(events()[0]).toMatchObject({
    name: 'page_view',
    payload: { path: '/promo-frame/en/promotion', title: 'Promotions' },
  });
});

test('the bonus rules offered by an error page name its path, its status and the rules page, as the collector takes them', async () => {
  const { analytics, events } = setup();
  analytics.bonusRulesOffered(`/promo-frame/foo/${'x'.repeat(600)}`, 404, '/bonus/rules');
  await analytics.flush();
  const [event] = events();
  expect(event).toMatchObject({
    name: 'bonus_rules_offered',
    payload: { path: `/promo-frame/foo/${'x'.repeat(500 - 17)}`, status: 404, rulesPath: '/bonus/rules' },
  });
  expect(analyticsEventSchema.safeParse(event).success).toBe(true);
});
