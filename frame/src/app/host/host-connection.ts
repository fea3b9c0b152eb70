import { PROTOCOL_VERSION } from '@promo/contract';
import { hostBridge, startAutoHeight } from '../../shared/host-bridge/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';
import { modalQueue } from '../../shared/ui/modal-queue/index.ts';
import { applySiteConfigUpdate } from './apply-site-config-update.ts';

/**
 * Analytics (page views, web vitals: web-vitals reads buffered entries) start this long after the
 * connection, well after the first paint, so none of their requests comes before the largest paint
 * (decision 011). The host connection loads on every page, so they ride on it, off the entry.
 */
const ANALYTICS_START_MS = 3000;
const loadAnalytics = () => import('../analytics-start.ts');

/** Build version reported in the init message. */
const FRAME_VERSION: string = import.meta.env.VITE_FRAME_VERSION ?? 'dev';

export interface HostConnectionOptions {
  allowedHostOrigins: readonly string[];
  path: string;
  changeLanguage: (lng: string) => void;
}

/**
 * Loaded after the first paint (its own chunk, off the initial JS budget): init message, auto
 * height while framed, config updates from the host. Returns the disconnect function.
 */
export function connectHost({ allowedHostOrigins, path, changeLanguage }: HostConnectionOptions): () => void {
  hostBridge.configure(allowedHostOrigins);
  const context = hostBridge.context();
  hostBridge.send('init', { protocol: PROTOCOL_VERSION, frameVersion: FRAME_VERSION, path });
  // Host links post messages instead of navigating when a host (app or page) listens.
  if (context.iframe || context.mobileApp) {
    document.documentElement.dataset.host = 'true';
    useGlobalStore.setState({ hostAvailable: true });
  }
  const root = document.getElementById('root');
  let stopHeight = () => {};
  if (context.iframe && root) {
    document.documentElement.dataset.embedded = 'true';
    stopHeight = startAutoHeight(root, (height) => hostBridge.send('updateFrameHeight', { height }));
  }
  const stopUpdates = hostBridge.onSiteConfigUpdate((update) => applySiteConfigUpdate(update, changeLanguage));
  // While a popup is open the host holds its own scrolling, so the popup stays where it opened.
  const stopModalEvents = modalQueue.onEvent(() =>
    hostBridge.send('disableScroll', { disabled: modalQueue.size() > 0 }),
  );
  const analyticsTimer = setTimeout(
    () => void loadAnalytics().then(({ startAnalytics }) => startAnalytics()),
    ANALYTICS_START_MS,
  );
  return () => {
    clearTimeout(analyticsTimer);
    stopHeight();
    stopUpdates();
    stopModalEvents();
    delete document.documentElement.dataset.host;
    useGlobalStore.setState({ hostAvailable: false });
  };
}

/**
 * After a navigation inside the frame: a page view; the host learns the new path (it may mirror it in its own
 * address bar) and, framed, scrolls its page to the top, since that is the page that scrolls.
 */
export function reportNavigation(path: string): void {
  void loadAnalytics().then(({ trackPageView }) => trackPageView());
  if (!document.documentElement.dataset.host) return;
  hostBridge.send('popstateRouteChange', { path });
  if (document.documentElement.dataset.embedded) hostBridge.send('scrollToTop', {});
}
