import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { loadConnection } from '../host/use-host-integration.ts';

/**
 * Every route sets document.title and tells the host (changeTitle), from its route handle's
 * `title`; the error page sets its own. The work is in the host connection's chunk: a title is no
 * first-paint code.
 */
export function useRouteTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  useEffect(() => {
    loadConnection()
      .then(({ showRouteTitle }) => showRouteTitle(matches, t))
      .catch(() => undefined);
  }, [matches, t]);
}
