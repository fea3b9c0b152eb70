import type { QueryClient } from '@tanstack/react-query';
import { userConfigQuery } from '../../entities/user/index.ts';
import { analytics } from '../../shared/analytics/index.ts';
import { USER_QUERY_PREFIX } from '../../shared/api/index.ts';
import { useGlobalStore } from '../../shared/model/index.ts';
import { keepSecureCookie } from './secure-cookie.ts';

import { startSession } from './start-session.ts';

let started = false;

/** Whether the country in the global state is the signed-in player's (from the session check). */
let countryFromSession = false;

/**
 * The session follows the user id: on the first call the session starts (host-preference cookies,
 * session check); a signed-out player's data and country are forgotten, a signed-in one's loaded.
 */
export function followUser(queryClient: QueryClient, userId: number | null): void {
  if (!started) {
    started = true;
    startSession(queryClient).catch((error: unknown) => console.error('session start failed', error));
  }
  if (userId !== null) {
    onSignedIn(queryClient, userId);
    return;
  }
  queryClient.removeQueries({ queryKey: USER_QUERY_PREFIX });
  // The signed-out player's country is forgotten; one the host named for a visitor stays.
  if (countryFromSession) useGlobalStore.setState({ userCountry: { code: null, id: null } });
  countryFromSession = false;
}

/** A user signed in (or another one did): forget other users' data, load this one's country. */
function onSignedIn(queryClient: QueryClient, userId: number): void {
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
      countryFromSession = true;
    })
    // Spec 8: a failed session check is logged and the flow goes on (the account bar shows why).
    .catch((error: unknown) => console.warn('Session check failure:', error));
}
