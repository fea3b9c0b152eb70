import type { FrameTimingName, MetricSample, WebVitalName } from '@promo/contract';
import { FIRST_CONTENT_MARK } from '../lib/rendering/first-content.ts';

/** The config request the frame's timings measure (spec 7 config/all.json). */
const CONFIG_PATH = '/bff-api/config/all.json';

const samplePath = () => window.location.pathname.slice(0, 500) || '/';

/** A frame timing (ms from navigation start), reported once per page load. */
const timing = (name: FrameTimingName, value: number): MetricSample => ({
  kind: 'timing',
  name,
  value: Math.max(0, Math.round(value)),
  rating: null,
  path: samplePath(),
  id: name,
  occurredAt: Date.now(),
});

/** Calls `found` with the first buffered or later performance entry of `type` that `pick` accepts. */
function observeFirst(type: string, pick: (entry: PerformanceEntry) => boolean, found: (e: PerformanceEntry) => void) {
  if (typeof PerformanceObserver === 'undefined') return;
  const observer = new PerformanceObserver((list) => {
    const entry = list.getEntries().find(pick);
    if (!entry) return;
    observer.disconnect();
    found(entry);
  });
  try {
    observer.observe({ type, buffered: true });
  } catch {
    // An entry type this browser does not know: no such timing here.
  }
}

/** The frame's own timings: the site config loaded, the first promotion or lottery content shown. */
export function observeFrameTimings(report: (sample: MetricSample) => void): void {
  observeFirst(
    'resource',
    (entry) => entry.name.includes(CONFIG_PATH),
    (entry) => report(timing('config_load', (entry as PerformanceResourceTiming).responseEnd)),
  );
  observeFirst(
    'mark',
    (entry) => entry.name === FIRST_CONTENT_MARK,
    (entry) => report(timing('first_content', entry.startTime)),
  );
}

/**
 * Core Web Vitals (LCP, INP, CLS, with FCP and TTFB) from the web-vitals library, loaded on its own
 * chunk. The library reports most of them when the page is hidden, so `afterHidden` subscribes a
 * flush only once its own listeners are in place: the final values are queued before they go.
 */
export async function observeWebVitals(
  report: (sample: MetricSample) => void,
  afterHidden: (flush: () => void) => void,
  flush: () => void,
): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const toSample = (metric: { name: WebVitalName; value: number; rating: MetricSample['rating']; id: string }) =>
    report({
      kind: 'vital',
      name: metric.name,
      value: Math.max(0, metric.value),
      rating: metric.rating,
      path: samplePath(),
      id: metric.id.slice(0, 64),
      occurredAt: Date.now(),
    });
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(toSample);
  afterHidden(flush);
}
