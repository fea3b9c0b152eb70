import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FRAME_BASENAME, withLanguage } from '../../shared/config/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';

const loadConnection = () => import('./host-connection.ts');

/** Connects the frame to its host once the site config (with the allowed host origins) is loaded. */
export function useHostIntegration(): void {
  // By content, not by array: every config load (each language) brings a new array, and a
  // reconnect would send init again.
  const allowedKey = useGlobalStore((s) => s.siteConfig?.iframe.allowedHostOrigins.join(' '));
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: connects once per allow-list, not per navigation
  useEffect(() => {
    if (allowedKey === undefined) return;
    let disconnect = () => {};
    let cancelled = false;
    loadConnection()
      .then(({ connectHost }) => {
        if (cancelled) return;
        disconnect = connectHost({
          allowedHostOrigins: allowedKey.split(' ').filter(Boolean),
          path: pathname,
          changeLanguage: (lng) => {
            const { pathname: current, search } = window.location;
            navigate(`${withLanguage(current.slice(FRAME_BASENAME.length) || '/', lng)}${search}`);
          },
        });
      })
      .catch((error: unknown) => console.error('host integration failed to load', error));
    return () => {
      cancelled = true;
      disconnect();
    };
  }, [allowedKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    if (!document.documentElement.dataset.embedded) return;
    loadConnection()
      .then(({ scrollHostToTop }) => scrollHostToTop())
      .catch(() => undefined);
  }, [pathname]);
}
