import { z } from 'zod/mini';
import { ANALYTICS_EVENT, type AnalyticsEventName } from './analytics.ts';
import { unixMsSchema } from './bounds.ts';

/** Core Web Vitals and their helpers, as the web-vitals library names them. */
export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
/**
 * The frame's own timings, milliseconds from navigation start: the site config loaded, and the
 * first promotion or lottery content on screen.
 */
export const FRAME_TIMINGS = ['config_load', 'first_content'] as const;
export const METRIC_KINDS = ['vital', 'timing', 'event'] as const;
export const METRIC_RATINGS = ['good', 'needs-improvement', 'poor'] as const;

export type WebVitalName = (typeof WEB_VITALS)[number];
export type FrameTimingName = (typeof FRAME_TIMINGS)[number];
export type MetricKind = (typeof METRIC_KINDS)[number];
export type MetricName = WebVitalName | FrameTimingName | AnalyticsEventName;

const EVENT_NAMES = Object.values(ANALYTICS_EVENT) as AnalyticsEventName[];

const sampleFields = {
  /** Milliseconds, except CLS (unitless) and events (a count). An hour bounds any real timing. */
  value: z.number().check(z.gte(0), z.lte(3_600_000)),
  rating: z.nullable(z.enum(METRIC_RATINGS)),
  /** The frame path the sample was taken on. */
  path: z.string().check(z.minLength(1), z.maxLength(500)),
  /** web-vitals' id of the page load's metric (a vital may be reported again as it grows). */
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  occurredAt: unixMsSchema(),
};

/**
 * One sample for the metrics service: a web vital, a frame timing, or an analytics event counted
 * once (value 1). The name must be one of its kind's names.
 */
export const metricSampleSchema = z.union([
  z.object({ kind: z.literal('vital'), name: z.enum(WEB_VITALS), ...sampleFields }),
  z.object({ kind: z.literal('timing'), name: z.enum(FRAME_TIMINGS), ...sampleFields }),
  z.object({
    kind: z.literal('event'),
    name: z.enum(EVENT_NAMES as [AnalyticsEventName, ...AnalyticsEventName[]]),
    ...sampleFields,
  }),
]);
export type MetricSample = z.infer<typeof metricSampleSchema>;

export const MAX_METRICS_BATCH = 50;
export const metricsBatchSchema = z.object({
  metrics: z.array(metricSampleSchema).check(z.minLength(1), z.maxLength(MAX_METRICS_BATCH)),
});
export type MetricsBatch = z.infer<typeof metricsBatchSchema>;
