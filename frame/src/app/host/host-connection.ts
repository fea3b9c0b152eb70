import { PROTOCOL_VERSION } from '@promo/contract';
import { BUILD_INFO } from '../../shared/config/index.ts';
import { hostBridge, startAutoHeight } from '../../shared/host-bridge/index.ts';
import { hydrationIsSettled, hydrationSettled } from '../../shared/lib/rendering/index.ts';
import { useGlobalStore } from '../../shared/model/index.ts';
import { modalQueue } from '../../shared/ui/modal-queue/index.ts';
import { applySiteConfigUpdate } from './apply-site-config-update.ts';
import { startDialogPlacement } from './dialog-placement.ts';
import { trackWindowSize } from './window-size.ts';

export { showRouteTitle } from '../../shared/lib/browser/index.ts';

/**
 * Analytics (page views, web vitals: web-vitals reads buffered entries) start this long after the
 * connection, well after the first paint, so none of their requests comes before the largest paint
 * (decision 011). The host connection loads on every page, so they ride on it, off the entry.
 */
const ANALYTICS_START_MS = 3000;
type AnalyticsModule = typeof import('../analytics-start.ts');
let analyticsModule: Promise<AnalyticsModule> | undefined;

/**
 * Analytics are best-effort: when their chunk cannot load (the player is offline), the call is
 * dropped without an error and the next one tries the chunk again.
 */
function withAnalytics(use: (module: AnalyticsModule) => void, failed?: () => void): void {
  analyticsModule ??= import('../analytics-start.ts');
  analyticsModule.then(use, () => {
    analyticsModule = undefined;
    failed?.();
  });
}

/** Starts analytics; offline, they start when the connection comes back. */
function startAnalyticsWhenOnline(): void {
  withAnalytics(
    ({ startAnalytics }) => startAnalytics(),
    () => addEventListener('online', startAnalyticsWhenOnline, { once: true }),
  );
}

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
  // The build's version and spec 3 build-time variables: hosts report them with problems.
  hostBridge.send('init', { protocol: PROTOCOL_VERSION, path, ...BUILD_INFO });
  // Host links post messages instead of navigating when a host (app or page) listens.
  if (context.iframe || context.mobileApp) {
    document.documentElement.dataset.host = 'true';
    useGlobalStore.setState({ hostAvailable: true });
  }
  const root = document.getElementById('root');
  let stopHeight = () => {};
  // Framed, the host sizes the iframe to the content; an app may size its webview the same way.
  if (context.iframe) document.documentElement.dataset.embedded = 'true';
  if ((context.iframe || context.mobileApp) && root) {
    stopHeight = startAutoHeight(root, (height) => hostBridge.send('updateFrameHeight', { height }));
  }
  // The language the host last asked for: a change to another one is the player's, in the frame.
  let hostLanguage = useGlobalStore.getState().currentLanguage;
  // A server-rendered page takes a host's updates once it has hydrated all it shows: a part still
  // to hydrate would otherwise meet other texts than the server's (hydrationSettled). They keep
  // their order.
  let held: Promise<void> | null = null;
  const stopUpdates = hostBridge.onSiteConfigUpdate((update) => {
    if (update.currentLanguage) hostLanguage = update.currentLanguage;
    const apply = () => applySiteConfigUpdate(update, changeLanguage);
    if (!held && hydrationIsSettled()) apply();
    else held = (held ?? hydrationSettled()).then(apply);
  });
  // The player switched the language in the frame: the host follows (its own texts, its cookie).
  const stopLanguage = useGlobalStore.subscribe((state, previous) => {
    if (state.currentLanguage === previous.currentLanguage || state.currentLanguage === hostLanguage) return;
    hostLanguage = state.currentLanguage;
    hostBridge.send('updateSiteConfig', { currentLanguage: state.currentLanguage, isRtl: state.isRtl });
  });
  const stopWindowSize = trackWindowSize();
  const stopDialogPlacement = startDialogPlacement({ bridge: hostBridge, context, queue: modalQueue });
  const analyticsTimer = setTimeout(startAnalyticsWhenOnline, ANALYTICS_START_MS);
  return () => {
    clearTimeout(analyticsTimer);
    removeEventListener('online', startAnalyticsWhenOnline);
    stopHeight();
    stopUpdates();
    stopLanguage();
    stopDialogPlacement();
    stopWindowSize();
    delete document.documentElement.dataset.host;
    delete document.documentElement.dataset.embedded;
    useGlobalStore.setState({ hostAvailable: false });
  };
}

/**
 * After a navigation inside the frame: a page view; the host learns the new path (it may mirror it in its own
 * address bar) and, framed, scrolls its page to the top, since that is the page that scrolls.
 */
export function reportNavigation(path: string): void {
  withAnalytics(({ trackPageView }) => trackPageView());
  if (!document.documentElement.dataset.host) return;
  hostBridge.send('popstateRouteChange', { path });
  if (document.documentElement.dataset.embedded) hostBridge.send('scrollToTop', {});
}

/**
 * The allowed host origins the server wrote into the page (meta promo-frame-hosts): the same list
 * as the site config's, known even when the config never loads (a hard 404, the server down).
 */
function pageHostOrigins(): readonly string[] {
  try {
    const content = document.querySelector('meta[name="promo-frame-hosts"]')?.getAttribute('content');
    const list: unknown = JSON.parse(content ?? '[]');
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * One connection per page life, shared by whoever shows the page: the layout, or the error element
 * that replaces it (an unknown path). A hand-over keeps it, so init is sent once; it closes only
 * when nobody took it over by the next task.
 */
let active: { key: string; users: number; disconnect: () => void } | null = null;
let changeLanguageOf: (lng: string) => void = () => {};

/**
 * Takes the connection for the site config's allow-list, else the page's own (error pages are
 * connected too). Returns the release.
 */
export function acquireHost(
  fromConfig: readonly string[] | undefined,
  path: string,
  changeLanguage: (lng: string) => void,
): () => void {
  const allowed = fromConfig ?? pageHostOrigins();
  const key = allowed.join(' ');
  changeLanguageOf = changeLanguage;
  if (active?.key !== key) {
    active?.disconnect();
    active = {
      key,
      users: 0,
      disconnect: connectHost({ allowedHostOrigins: allowed, path, changeLanguage: (lng) => changeLanguageOf(lng) }),
    };
  }
  const entry = active;
  entry.users += 1;
  return () => {
    entry.users -= 1;
    setTimeout(() => {
      if (entry.users > 0 || active !== entry) return;
      entry.disconnect();
      active = null;
    }, 0);
  };
}
