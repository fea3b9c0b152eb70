import type { SiteConfig } from '@promo/contract';
import { fetchSessionUser, signInWithAppToken } from '../../../entities/user/index.ts';
import { sessionTokens } from '../../../shared/api/index.ts';
import { APP_AUTH_COOKIE } from '../../../shared/host-bridge/index.ts';
import { readCookie } from '../../../shared/lib/index.ts';

/**
 * Spec 2/4/7 mobile-app routes: the session check, then the sign-in with the app's token (its
 * auth cookie) when the app has one, then the check again to learn who is signed in. Failures are
 * logged and the flow goes on: the promotion opens for a visitor instead.
 */
export async function mobileAppSignIn(config: SiteConfig | null): Promise<number | null> {
  let userId: number | null = null;
  try {
    userId = (await fetchSessionUser()).user_id;
  } catch (error) {
    console.warn('Session check failure:', error);
  }
  const appToken = readCookie(APP_AUTH_COOKIE);
  if (!appToken) return userId;
  try {
    // The answer is not read (spec 7): the session check below is what tells the user.
    await signInWithAppToken(appToken, { currencyCode: config?.currency.code, projectId: config?.config.projectId });
    sessionTokens().reset();
    userId = (await fetchSessionUser()).user_id;
  } catch (error) {
    console.warn('Mobile app sign-in failed:', error);
  }
  return userId;
}
