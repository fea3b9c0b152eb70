import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { USER_QUERY_PREFIX } from '../../shared/api/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';

const loadSession = () => import('./signed-in.ts');

/**
 * On start, applies the host-preference cookies and checks the session. Then follows the user id
 * the host gives (site config update): a new user gets their country from getuserconfig; signing
 * out forgets every user query and the country.
 */
export function useUserSession(): void {
  const userId = useGlobalStore((s) => s.userId);
  const queryClient = useQueryClient();
  useEffect(() => {
    loadSession()
      .then(({ startSession }) => startSession(queryClient))
      .catch((error: unknown) => console.error('session start failed to load', error));
  }, [queryClient]);
  useEffect(() => {
    if (userId === null) {
      queryClient.removeQueries({ queryKey: USER_QUERY_PREFIX });
      useGlobalStore.setState({ userCountry: { code: null, id: null } });
      return;
    }
    let cancelled = false;
    loadSession()
      .then(({ onSignedIn }) => {
        if (!cancelled) onSignedIn(queryClient, userId);
      })
      .catch((error: unknown) => console.error('user session failed to load', error));
    return () => {
      cancelled = true;
    };
  }, [userId, queryClient]);
}
