import { analytics, startFrameMetrics } from '../shared/analytics/index.ts';

let lastPath: string | undefined;

/** A page view for the page shown now, once per path in a row. */
export function trackPageView(): void {
  const path = window.location.pathname;
  if (path === lastPath) return;
  lastPath = path;
  analytics().pageView(path, document.title);
}

/** The first page's view and the metrics service's measurements (web vitals, frame timings). */
export function startAnalytics(): void {
  trackPageView();
  startFrameMetrics();
}
