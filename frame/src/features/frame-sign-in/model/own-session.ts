import { type FastLoginRequest, HOST_PREF_COOKIES } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { disconnect, fastLogin } from '../../../entities/user/index.ts';
import { sessionTokens } from '../../../shared/api/index.ts';
import { deleteCookie, writeCookie } from '../../../shared/lib/browser/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';

/** As long as the reference server keeps a session (SESSION_TTL_SECONDS' default, 30 days). */
export const SESSION_HINT_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Signs in with login and password, as a host does for its players (decision 029). The session is
 * the server's httpOnly cookie; the frame forgets the visitor's token (the server revoked it), keeps
 * the user id cookie so that a reload checks the session, and switches the user in the global
 * store: the same switch as a host's site-config update, after which the session follows the user
 * (other players' data dropped, this one's country and secure cookie loaded) and every query keyed
 * by the user refetches.
 */
export async function signInWithPassword(credentials: FastLoginRequest, queryClient: QueryClient): Promise<number> {
  const { user_id: userId } = await fastLogin(credentials);
  sessionTokens().reset();
  writeCookie(HOST_PREF_COOKIES.userId, String(userId), SESSION_HINT_MAX_AGE_S);
  const before = useGlobalStore.getState().userId;
  useGlobalStore.setState({ userId });
  // The same player again (their session had ended): the store does not change, so what was read
  // with the ended session (refused) is read again with the new one.
  if (before === userId)
    await queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey.includes(userId) });
  return userId;
}

/**
 * Ends the session on the server first: a sign-out that did not reach it leaves the player signed
 * in and says so, rather than hiding a session that still works. Then the token cookie and the user
 * id cookie go, and the store's user: the session drops the player's cached queries.
 */
export async function signOut(): Promise<void> {
  await disconnect();
  sessionTokens().reset();
  deleteCookie(HOST_PREF_COOKIES.userId);
  useGlobalStore.setState({ userId: null });
}
