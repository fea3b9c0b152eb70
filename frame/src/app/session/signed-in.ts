import type { QueryClient } from '@tanstack/react-query';
import { userConfigQuery } from '../../entities/user/index.ts';
import { analytics } from '../../shared/analytics/index.ts';
import { USER_QUERY_PREFIX } from '../../shared/api/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';
import { keepSecureCookie } from './secure-cookie.ts';

// One chunk for the session's start and its sign-ins: the entry lists each lazy chunk by name.
export { startSession } from './start-session.ts';

/** A user signed in (or another one did): forget other users' data, load this one's country. */
export function onSignedIn(queryClient: QueryClient, userId: number): void {
  queryClient.removeQueries({
    queryKey: USER_QUERY_PREFIX,
    predicate: (query) => query.queryKey[1] !== userId,
  });
  analytics().registrationDone();
  keepSecureCookie(userId);
  queryClient
    .fetchQuery(userConfigQuery(userId))
    .then(({ result }) => {
      if (useGlobalStore.getState().userId !== userId) return;
      useGlobalStore.setState({ userCountry: { code: result.user_country_code, id: result.user_country_id } });
    })
    // Spec 8: a failed session check is logged and the flow goes on (the account bar shows why).
    .catch((error: unknown) => console.warn('Session check failure:', error));
}
