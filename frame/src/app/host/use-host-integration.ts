import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { withLanguage } from '../../shared/config/index.ts';
import { useGlobalStore } from '../../shared/model/index.ts';

/** The host connection's chunk (also the document title's way to the host). */
export const loadConnection = () => import('./host-connection.ts');

/**
 * Connects the frame to its host (init, height, config updates) with the site config's allow-list,
 * or the page's own when no config loaded: the layout and the error element both call it. With
 * `titles`, every route sets document.title and tells the host (changeTitle) from its handle's
 * `title` (the error page sets its own); that work is in the connection's chunk too.
 */
export function useHostIntegration(titles = false): void {
  const { t } = useTranslation();
  const matches = useMatches();
  // Compared by content: every config load (each language) brings a new array, and a reconnect
  // would send init again.
  const allowed = useGlobalStore(useShallow((s) => s.siteConfig?.iframe.allowedHostOrigins));
  const navigate = useNavigate();
  const location = useLocation();
  // The connection outlives navigations; a language change must rewrite the page shown then.
  const current = useRef(location);
  current.current = location;

  // biome-ignore lint/correctness/useExhaustiveDependencies: connects once per allow-list, not per navigation
  useEffect(() => {
    let release: (() => void) | undefined;
    let cancelled = false;
    loadConnection()
      .then(({ acquireHost }) => {
        if (cancelled) return;
        release = acquireHost(allowed, current.current.pathname, (lng) => {
          const { pathname, search } = current.current;
          navigate(`${withLanguage(pathname, lng)}${search}`);
        });
      })
      .catch((error: unknown) => console.error('host integration failed to load', error));
    return () => {
      cancelled = true;
      release?.();
    };
  }, [allowed?.join(' ')]);

  // The first path travels in the init message; later ones are navigations.
  const reported = useRef(location.pathname);
  useEffect(() => {
    if (reported.current === location.pathname) return;
    reported.current = location.pathname;
    loadConnection()
      .then(({ reportNavigation }) => reportNavigation(location.pathname))
      .catch(() => undefined);
  }, [location.pathname]);

  useEffect(() => {
    if (!titles) return;
    loadConnection()
      .then(({ showRouteTitle }) => showRouteTitle(matches, t))
      .catch(() => undefined);
  }, [titles, matches, t]);
}
