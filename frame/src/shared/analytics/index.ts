import { sessionTokens } from '../api/api-request.ts';
import { fingerprint } from '../fingerprint/fingerprint.ts';
import { deviceInfo } from '../lib/device-info.ts';
import { safeLocalStorage } from '../lib/safe-storage.ts';
import { type Analytics, createAnalytics } from './analytics.ts';
import { createServerSink } from './analytics-sink.ts';

export { type Analytics, createAnalytics, FLUSH_DELAY_MS, type RegistrationDetails } from './analytics.ts';
export { type AnalyticsSink, createServerSink } from './analytics-sink.ts';
export { ANALYTICS_ENTRY_TTL_MS, type AnalyticsState } from './analytics-storage.ts';

let instance: Analytics | undefined;
/** The page's analytics: events to the server collector, with device info and fingerprint. */
export const analytics = (): Analytics => {
  instance ??= createAnalytics({
    sinks: [createServerSink(() => sessionTokens().peek())],
    storage: safeLocalStorage(),
    device: deviceInfo,
    fingerprintToken: async () => (await fingerprint().get())?.token ?? null,
    onPageHide: (listener) => window.addEventListener('pagehide', listener),
  });
  return instance;
};
