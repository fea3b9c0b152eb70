import { isTokenValid, type TokenStore } from './session-token.ts';

/** Spec 9: one token fetch is shared by every caller for 60 s. */
export const TOKEN_SHARE_MS = 60_000;

export interface TokenManager {
  /** A valid token: the stored one, else the shared fetch, else a new fetch. */
  acquire(): Promise<string>;
  /** The stored token when it is valid; never fetches. */
  peek(): string | undefined;
  /**
   * Drops `used` after a 401. A token that is no longer the current one is left alone: a late 401
   * of a request made with an older token never discards a newer token (or a fetch under way).
   */
  invalidate(used: string): void;
  /** Forgets the token and any fetch: a sign-in just replaced the session it names. */
  reset(): void;
}

interface SharedFetch {
  promise: Promise<string>;
  startedAt: number;
  /** Known once the fetch has answered. */
  token?: string;
}

export function createTokenManager(options: {
  fetchToken: () => Promise<string>;
  store: TokenStore;
  now?: () => number;
}): TokenManager {
  const { fetchToken, store, now = Date.now } = options;
  let shared: SharedFetch | null = null;

  const startFetch = (): SharedFetch => {
    const entry: SharedFetch = { startedAt: now(), promise: Promise.resolve('') };
    entry.promise = fetchToken().then(
      (token) => {
        entry.token = token;
        store.write(token);
        return token;
      },
      (error: unknown) => {
        // A failed fetch is not shared: the next caller tries again.
        if (shared === entry) shared = null;
        console.error('Token fetch failure:', error);
        throw error;
      },
    );
    shared = entry;
    return entry;
  };

  return {
    acquire() {
      const stored = store.read();
      if (isTokenValid(stored, now())) return Promise.resolve(stored);
      const reusable =
        shared !== null &&
        now() - shared.startedAt < TOKEN_SHARE_MS &&
        (shared.token === undefined || isTokenValid(shared.token, now()));
      return (reusable && shared ? shared : startFetch()).promise;
    },
    peek() {
      const stored = store.read();
      return isTokenValid(stored, now()) ? stored : undefined;
    },
    reset() {
      store.clear();
      shared = null;
    },
    invalidate(used) {
      if (store.read() === used) {
        store.clear();
        // The current token failed, so a token fetched before it is no better: never reuse it.
        if (shared?.token !== undefined) shared = null;
      } else if (shared?.token === used) {
        shared = null;
      }
    },
  };
}
