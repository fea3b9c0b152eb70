import type { AnalyticsEvent, HostMessagePayload } from '@promo/contract';

/** One entry of a dataLayer-style queue, as tag managers read it: flat, naming its event. */
export type DataLayerEntry = HostMessagePayload<'dataLayerPush'>['entries'][number];

export interface DataLayerWindow {
  dataLayer?: unknown[];
}

/** The event as a tag manager reads it: `event` names it, the payload's properties sit beside. */
export const toDataLayerEntry = (event: AnalyticsEvent): DataLayerEntry => ({
  ...event.payload,
  event: event.name,
  occurredAt: event.occurredAt,
  source: event.source,
});

/** The tag service in the frame's own window: entries pushed to `window.dataLayer`. */
export const pushToDataLayer =
  (win: DataLayerWindow) =>
  async (events: AnalyticsEvent[]): Promise<void> => {
    win.dataLayer ??= [];
    win.dataLayer.push(...events.map(toDataLayerEntry));
  };

/** Whether a host listens: none (plain browser), not yet connected, or connected. */
export type HostLink = 'none' | 'pending' | 'connected';

/**
 * The tag service handed to the host (its tag manager reads its own dataLayer): one
 * dataLayerPush message per batch. Until the host connection is up the batch fails, so the
 * destination retries it with back-off; without a host there is nobody to tell.
 */
export const handToHost =
  (link: () => HostLink, post: (data: HostMessagePayload<'dataLayerPush'>) => void) =>
  async (events: AnalyticsEvent[]): Promise<void> => {
    const state = link();
    if (state === 'none') return;
    if (state === 'pending') throw new Error('host not connected yet');
    post({ entries: events.map(toDataLayerEntry) });
  };
