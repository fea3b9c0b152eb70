import { type AnalyticsEvent, API_PATHS, AUTH_HEADER, type MetricSample } from '@promo/contract';
import { apiUrl, send } from '../api/http-client.ts';

/**
 * The risk-and-event collector. It takes the session token when there is a valid one but never
 * fetches one: analytics must not start sessions or retry on 401. The fingerprint, when at hand,
 * goes with every event (the collector is what uses it).
 */
export function createCollectorSend(
  readToken: () => string | undefined,
  fingerprintToken: () => Promise<string | null>,
): (events: AnalyticsEvent[]) => Promise<void> {
  return async (batch) => {
    const fingerprint = await fingerprintToken().catch(() => null);
    const events = fingerprint ? batch.map((e) => ({ ...e, payload: { ...e.payload, fingerprint } })) : batch;
    const token = readToken();
    const response = await send(apiUrl(API_PATHS.analyticsEvents), {
      method: 'POST',
      body: { events },
      headers: token ? { [AUTH_HEADER]: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw new Error(`analytics collector answered ${response.status}`);
  };
}

/** The metrics service of the reference server (web vitals, frame timings, event counts). */
export async function sendMetrics(metrics: MetricSample[]): Promise<void> {
  const response = await send(apiUrl(API_PATHS.metrics), { method: 'POST', body: { metrics } });
  if (!response.ok) throw new Error(`metrics service answered ${response.status}`);
}

/**
 * A beacon to one of the server's telemetry paths. sendBeacon sets no headers, so the body goes as
 * text/plain (no preflight) and without the session token; the server accepts both.
 */
export const beaconTo =
  <T>(path: string, key: 'events' | 'metrics') =>
  (items: T[]): boolean => {
    try {
      return navigator.sendBeacon(apiUrl(path), JSON.stringify({ [key]: items }));
    } catch {
      return false;
    }
  };
