import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type UIMatch, useMatches } from 'react-router';

/**
 * A route's title: a dictionary key, or a function of the route's loader data (a CMS page's or a
 * promotion's own title) that may also use the dictionary.
 */
export type RouteTitle = string | ((data: unknown, t: (key: string) => string) => string | undefined);

const titleOf = (match: UIMatch) => (match.handle as { title?: RouteTitle } | undefined)?.title;

/** The page part of the title: the deepest route that names one. */
function pageTitle(matches: UIMatch[], t: (key: string) => string): string {
  for (const match of [...matches].reverse()) {
    const title = titleOf(match);
    if (title === undefined) continue;
    const text = typeof title === 'string' ? t(title) : title(match.loaderData, t);
    if (text) return text;
  }
  return '';
}

/** Last title told to the host: a re-render with the same words sends nothing. */
let lastSent = '';

/**
 * Spec 7 "change title": every route sets document.title ("{page} | {site}") and tells the host,
 * which shows it in its own tab or app bar. `override` is the page part for pages outside the
 * route tree (the error page).
 */
export function useRouteTitle(override?: string): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const site = t('app_title');
  const page = override ?? pageTitle(matches, t);
  const title = page && site && page !== site ? `${page} | ${site}` : page || site;
  useEffect(() => {
    if (!title) return;
    document.title = title;
    if (title === lastSent) return;
    lastSent = title;
    // The bridge is not first-paint code; messages sent before the connection wait for its init.
    import('../../shared/host-bridge/index.ts')
      .then(({ hostBridge }) => hostBridge.send('changeTitle', { title }))
      .catch(() => undefined);
  }, [title]);
}
