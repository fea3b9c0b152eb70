import { type AnalyticsEvent, API_PATHS, AUTH_HEADER, MAX_ANALYTICS_BATCH } from '@promo/contract';
import { apiUrl, send } from '../api/http-client.ts';

/** Where events go. The server collector is one; tag or metrics services would be others. */
export interface AnalyticsSink {
  send(events: AnalyticsEvent[], options: { keepalive: boolean }): Promise<void>;
}

/**
 * The reference server's collector. It takes the session token when there is a valid one but never
 * fetches one: analytics must not start sessions or retry on 401.
 */
export function createServerSink(readToken: () => string | undefined): AnalyticsSink {
  return {
    async send(events, { keepalive }) {
      const token = readToken();
      for (let start = 0; start < events.length; start += MAX_ANALYTICS_BATCH) {
        const response = await send(apiUrl(API_PATHS.analyticsEvents), {
          method: 'POST',
          body: { events: events.slice(start, start + MAX_ANALYTICS_BATCH) },
          headers: token ? { [AUTH_HEADER]: `Bearer ${token}` } : {},
          keepalive,
        });
        if (!response.ok) throw new Error(`analytics collector answered ${response.status}`);
      }
    },
  };
}
