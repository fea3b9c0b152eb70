import { type AnalyticsEvent, API_PATHS, MAX_ANALYTICS_BATCH, type MetricSample } from '@promo/contract';
import { sessionTokens } from '../api/api-request.ts';
import { fingerprint } from '../fingerprint/fingerprint.ts';
import { hostBridge } from '../host-bridge/index.ts';
import { deviceInfo } from '../lib/browser/device-info.ts';
import { randomKey } from '../lib/browser/random-key.ts';
import { safeLocalStorage } from '../lib/browser/safe-storage.ts';
import { type Analytics, createAnalytics } from './analytics.ts';
import { beaconTo, createCollectorSend, sendMetrics } from './analytics-sink.ts';
import { createDestination, type Destination } from './destination.ts';
import { type DataLayerWindow, type HostLink, handToHost, pushToDataLayer } from './tag-service.ts';
import { observeFrameTimings, observeWebVitals } from './vitals.ts';

export { type Analytics, createAnalytics, type RegistrationDetails } from './analytics.ts';
export { ANALYTICS_ENTRY_TTL_MS, type AnalyticsState } from './analytics-storage.ts';

/** Back-off of the server destinations: 2 s, 4 s, ... at most a minute apart. */
const SERVER_RETRY = { retryBaseMs: 2_000, retryMaxMs: 60_000, maxQueue: 200 } as const;

/** Where a host listens, and whether the connection (site config, init) is up yet. */
const hostLink = (): HostLink => {
  const context = hostBridge.context();
  if (!context.iframe && !context.mobileApp) return 'none';
  return document.documentElement.dataset.host === 'true' ? 'connected' : 'pending';
};

const onHidden = (listener: (leaving: boolean) => void) => {
  window.addEventListener('pagehide', () => listener(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') listener(false);
  });
};

/** An event counted once by the metrics service. */
const eventSample = (event: AnalyticsEvent): MetricSample => ({
  kind: 'event',
  name: event.name,
  value: 1,
  rating: null,
  path: window.location.pathname.slice(0, 500) || '/',
  id: randomKey(),
  occurredAt: event.occurredAt,
});

function build(): { analytics: Analytics; metrics: Destination<MetricSample> } {
  const collector = createDestination<AnalyticsEvent>({
    name: 'risk-and-event collector',
    send: createCollectorSend(
      () => sessionTokens().peek(),
      async () => (await fingerprint().get())?.token ?? null,
    ),
    beacon: beaconTo(API_PATHS.analyticsEvents, 'events'),
    delayMs: 1_000,
    batchSize: MAX_ANALYTICS_BATCH,
    ...SERVER_RETRY,
  });
  // The tag service: the frame's own dataLayer (never fails) and the host's, by message.
  const dataLayer = createDestination<AnalyticsEvent>({
    name: 'tag service (dataLayer)',
    send: pushToDataLayer(window as DataLayerWindow),
    delayMs: 100,
    batchSize: MAX_ANALYTICS_BATCH,
    maxQueue: 200,
    retryBaseMs: 1_000,
    retryMaxMs: 10_000,
  });
  const hostTags = createDestination<AnalyticsEvent>({
    name: 'tag service (host)',
    send: handToHost(hostLink, (data) => hostBridge.send('dataLayerPush', data)),
    delayMs: 250,
    batchSize: MAX_ANALYTICS_BATCH,
    maxQueue: 200,
    // A host that has not connected after about a minute never will: the batches are dropped.
    retryBaseMs: 500,
    retryMaxMs: 30_000,
    maxAttempts: 8,
  });
  const metrics = createDestination<MetricSample>({
    name: 'metrics service',
    send: sendMetrics,
    beacon: beaconTo(API_PATHS.metrics, 'metrics'),
    delayMs: 5_000,
    batchSize: MAX_ANALYTICS_BATCH,
    ...SERVER_RETRY,
  });
  const countedByMetrics = {
    push: (event: AnalyticsEvent) => metrics.push(eventSample(event)),
    flush: metrics.flush,
    flushBeacon: metrics.flushBeacon,
  };
  const analytics = createAnalytics({
    destinations: [collector, dataLayer, hostTags, countedByMetrics],
    storage: safeLocalStorage(),
    device: deviceInfo,
    onPageHide: onHidden,
  });
  return { analytics, metrics };
}

let instance: ReturnType<typeof build> | undefined;
const started = () => {
  instance ??= build();
  return instance;
};

/** The page's analytics: every event to the collector, the tag service and the metrics service. */
export const analytics = (): Analytics => started().analytics;

let measuring = false;
/** Starts the metrics service's measurements: web vitals (lazily loaded) and the frame's timings. */
export function startFrameMetrics(): void {
  if (measuring) return;
  measuring = true;
  const { metrics } = started();
  const report = (sample: MetricSample) => metrics.push(sample);
  observeFrameTimings(report);
  observeWebVitals(report, (flush) => onHidden(flush), metrics.flushBeacon).catch((error: unknown) =>
    console.warn('web vitals not measured', error),
  );
}
