import { analytics, startFrameMetrics } from '../shared/analytics/index.ts';

/** What page views need of the router: its location now and after each navigation. */
interface RouterLike {
  state: { navigation: { state: string } };
  subscribe(listener: (state: { navigation: { state: string } }) => void): () => void;
}

/**
 * Loaded once the first page is up (its own chunk): a page view for it and for every page the
 * router settles on after, and the metrics service's measurements.
 */
export function startAnalytics(router: RouterLike): () => void {
  let last: string | undefined;
  const view = () => {
    const path = window.location.pathname;
    if (path === last) return;
    last = path;
    analytics().pageView(path, document.title);
  };
  view();
  startFrameMetrics();
  return router.subscribe((state) => {
    if (state.navigation.state === 'idle') view();
  });
}
