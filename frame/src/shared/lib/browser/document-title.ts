/**
 * A route's title (route handle `title`): a dictionary key, or true for the title its loader data
 * carries (a promotion's `title`, a CMS page's `page.title`).
 */
export type RouteTitle = string | true;

type TitledData = { title?: string; page?: { title?: string } } | null | undefined;
interface TitledMatch {
  handle: unknown;
  loaderData: unknown;
}

/** Last title told to the host: showing the same words again sends nothing. */
let lastSent = '';

/**
 * Spec 7 "change title": sets document.title to "{page} | {site}" (or either alone) and tells the
 * host, which shows it in its own tab or app bar. Messages sent before the host connection wait
 * for its init.
 */
export function showDocumentTitle(page: string, site: string): void {
  const title = fullTitle(page, site);
  if (!title) return;
  document.title = title;
  if (title === lastSent) return;
  lastSent = title;
  import('../../host-bridge/index.ts')
    .then(({ hostBridge }) => hostBridge.send('changeTitle', { title }))
    .catch(() => undefined);
}

/** The title of the deepest route that names one ('' when none does). */
export function routePageTitle(matches: readonly TitledMatch[], t: (key: string) => string): string {
  for (const match of [...matches].reverse()) {
    const title = (match.handle as { title?: RouteTitle } | undefined)?.title;
    const data = match.loaderData as TitledData;
    const page = (title === true ? (data?.title ?? data?.page?.title) : title && t(title)) || '';
    if (page) return page;
  }
  return '';
}

/** "{page} | {site}", or either alone. */
export const fullTitle = (page: string, site: string): string =>
  page && site && page !== site ? `${page} | ${site}` : page || site;

/** The title of the deepest route that names one, with the site's name. */
export function showRouteTitle(matches: readonly TitledMatch[], t: (key: string) => string): void {
  showDocumentTitle(routePageTitle(matches, t), t('app_title'));
}
