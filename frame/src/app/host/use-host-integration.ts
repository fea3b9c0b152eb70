import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { withLanguage } from '../../shared/config/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';

const loadConnection = () => import('./host-connection.ts');

/**
 * The allowed host origins the server wrote into the page (meta promo-frame-hosts): the same list
 * as the site config's, known even when the config never loads (a hard 404, the server down).
 */
export function pageHostOrigins(): readonly string[] {
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
 * that replaces it (an unknown path). Handing over keeps it, so init is sent once; it closes only
 * when nobody took it over within the same commit.
 */
let active: { key: string; users: number; disconnect: () => void } | null = null;
let changeLanguageOf: (lng: string) => void = () => {};

function acquire(allowed: readonly string[], path: string): () => void {
  const key = allowed.join(' ');
  if (active?.key !== key) {
    active?.disconnect();
    const entry = { key, users: 0, disconnect: () => {} };
    let cancelled = false;
    entry.disconnect = () => {
      cancelled = true;
    };
    active = entry;
    loadConnection()
      .then(({ connectHost }) => {
        if (cancelled) return;
        entry.disconnect = connectHost({
          allowedHostOrigins: allowed,
          path,
          changeLanguage: (lng) => changeLanguageOf(lng),
        });
      })
      .catch((error: unknown) => console.error('host integration failed to load', error));
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

/**
 * Connects the frame to its host (init, height, config updates) with the given allow-list: the
 * site config's, else the page's own, so error pages are connected too.
 */
export function useHostIntegration(): void {
  // Compared by content: every config load (each language) brings a new array, and a reconnect
  // would send init again.
  const fromConfig = useGlobalStore(useShallow((s) => s.siteConfig?.iframe.allowedHostOrigins));
  const allowed = fromConfig ?? pageHostOrigins();
  const key = allowed.join(' ');
  const navigate = useNavigate();
  const location = useLocation();
  // The connection outlives navigations; a language change must rewrite the page shown then.
  const current = useRef(location);
  current.current = location;
  changeLanguageOf = (lng) => {
    const { pathname, search } = current.current;
    navigate(`${withLanguage(pathname, lng)}${search}`);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: connects once per allow-list, not per navigation
  useEffect(() => acquire(allowed, current.current.pathname), [key]);

  // The first path travels in the init message; later ones are navigations.
  const reported = useRef(location.pathname);
  useEffect(() => {
    if (reported.current === location.pathname) return;
    reported.current = location.pathname;
    loadConnection()
      .then(({ reportNavigation }) => reportNavigation(location.pathname))
      .catch(() => undefined);
  }, [location.pathname]);
}
