import { readCookie } from '../../shared/lib/cookies.ts';
import { readHostPrefs } from '../../shared/lib/host-prefs.ts';
import { useGlobalStore } from '../../shared/store/index.ts';
import { stateFromUpdate } from '../host/apply-site-config-update.ts';

let applied = false;

/**
 * Applies the host-preference cookies once per page, before the host's first updateSiteConfig is
 * listened to, so a fresher message always wins over a cookie. The user id cookie is not trusted
 * as a sign-in: it only tells that a session may exist, and the session check decides.
 */
export function applyHostPrefCookies(): { userIdHint: boolean } {
  const { update, refGroupId } = readHostPrefs(readCookie);
  const { userId, ...prefs } = update;
  if (!applied) {
    applied = true;
    useGlobalStore.setState({ ...stateFromUpdate(prefs, useGlobalStore.getState()), refGroupId });
  }
  return { userIdHint: userId !== undefined && userId !== null };
}
