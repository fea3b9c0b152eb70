import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type UIMatch, useMatches } from 'react-router';
import { showDocumentTitle } from '../../shared/lib/index.ts';

/**
 * A route's title: a dictionary key, or true for the title its loader data carries (a promotion's
 * `title`, a CMS page's `page.title`).
 */
export type RouteTitle = string | true;

type TitledData = { title?: string; page?: { title?: string } } | null | undefined;
/** The page part of the title: the deepest route that names one. */
function pageTitle(matches: UIMatch[], t: (key: string) => string): string {
  for (const match of [...matches].reverse()) {
    const title = (match.handle as { title?: RouteTitle } | undefined)?.title;
    const data = match.loaderData as TitledData;
    const text = title === true ? (data?.title ?? data?.page?.title) : title && t(title);
    if (text) return text;
  }
  return '';
}

/** Every route sets document.title and tells the host (changeTitle); the error page sets its own. */
export function useRouteTitle(): void {
  const { t } = useTranslation();
  const page = pageTitle(useMatches(), t);
  const site = t('app_title');
  useEffect(() => showDocumentTitle(page, site), [page, site]);
}
