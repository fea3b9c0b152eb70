import { SECURE_COOKIE_MAX_AGE_S } from '@promo/contract';
import { requestSecureCookie } from '../../entities/user/index.ts';
import { fingerprint } from '../../shared/fingerprint/index.ts';
import { useGlobalStore } from '../../shared/model/index.ts';

/** Renewed a minute before the server's 1800 s run out, so a long session never goes without it. */
export const SECURE_COOKIE_RENEW_MS = (SECURE_COOKIE_MAX_AGE_S - 60) * 1000;

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * The secure-cookie call of a signed-in player (spec 7, 9): sent on sign-in and renewed while the
 * same player stays signed in. Without a fingerprint there is nothing to bind, so nothing is sent;
 * a failure is logged and the next renewal tries again.
 */
export function keepSecureCookie(userId: number): void {
  clearTimeout(timer);
  const renew = async () => {
    if (useGlobalStore.getState().userId !== userId) return;
    try {
      const print = await fingerprint().get();
      // The fingerprint may take a while: a player who signed out meanwhile is not bound.
      if (print && useGlobalStore.getState().userId === userId) await requestSecureCookie(print.token);
    } catch (error) {
      console.warn('secure cookie call failed', error);
    }
    if (useGlobalStore.getState().userId === userId) timer = setTimeout(renew, SECURE_COOKIE_RENEW_MS);
  };
  void renew();
}
