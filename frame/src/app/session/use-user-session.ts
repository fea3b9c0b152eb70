import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useGlobalStore } from '../../shared/model/index.ts';

const loadSession = () => import('./signed-in.ts');

/**
 * On start, applies the host-preference cookies and checks the session; then follows the user id
 * the host gives (site config update). The work is in the session's chunk, not the entry.
 */
export function useUserSession(): void {
  const userId = useGlobalStore((s) => s.userId);
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    loadSession()
      .then(({ followUser }) => {
        if (!cancelled) followUser(queryClient, userId);
      })
      .catch((error: unknown) => console.error('user session failed to load', error));
    return () => {
      cancelled = true;
    };
  }, [userId, queryClient]);
}
