import { USER_TOKEN_COOKIE } from '@promo/contract';
import { fetchSessionUser } from '../../entities/user/index.ts';
import { readCookie } from '../../shared/lib/cookies.ts';
import { useGlobalStore } from '../../shared/store/index.ts';
import { applyHostPrefCookies } from './cookie-prefs.ts';

/**
 * Start of every frame page (after the first paint): host preferences from the cookies, then the
 * session check (sessions/user) when a session may exist, so a reloaded frame (chunk reload, new
 * frame URL, host re-rendering the iframe) knows its signed-in player without waiting for the host.
 */
export async function startSession(): Promise<void> {
  const { userIdHint } = applyHostPrefCookies();
  if (useGlobalStore.getState().userId !== null) return;
  if (!userIdHint && readCookie(USER_TOKEN_COOKIE) === undefined) return;
  try {
    const { user_id } = await fetchSessionUser();
    // The host may have spoken meanwhile (sign-in or sign-out): its word wins.
    if (user_id !== null && useGlobalStore.getState().userId === null) useGlobalStore.setState({ userId: user_id });
  } catch (error) {
    // Spec 8: a failed session check is logged and the flow goes on.
    console.warn('Session check failure:', error);
  }
}
