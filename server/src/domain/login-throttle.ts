/** Failed sign-ins allowed per login within the window before further tries are refused. */
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Slows password guessing: after MAX_FAILED_LOGINS failures for one login within the window,
 * tries are refused until the window ends. Kept per server instance (a shared store would be the
 * next step behind a load balancer); a success clears the count.
 */
export function createLoginThrottle(now: () => number = Date.now) {
  const failures = new Map<string, { count: number; since: number }>();
  const key = (login: string) => login.trim().toLowerCase();
  const current = (login: string) => {
    const entry = failures.get(key(login));
    if (entry && now() - entry.since >= FAILED_LOGIN_WINDOW_MS) {
      failures.delete(key(login));
      return undefined;
    }
    return entry;
  };
  return {
    /** Milliseconds until the login may be tried again; 0 when it may be tried now. */
    retryAfterMs(login: string): number {
      const entry = current(login);
      return entry && entry.count >= MAX_FAILED_LOGINS ? entry.since + FAILED_LOGIN_WINDOW_MS - now() : 0;
    },
    failed(login: string): void {
      const entry = current(login);
      if (entry) entry.count += 1;
      else failures.set(key(login), { count: 1, since: now() });
    },
    succeeded(login: string): void {
      failures.delete(key(login));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
