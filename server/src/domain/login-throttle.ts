import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type Notifications, readPayload } from '../db/notifications.ts';

/** Failures one source may make on one account before it has to wait (decision 017). */
export const FREE_FAILURES = 5;
/** Failures on one account, from every source together, before unknown sources have to wait. */
export const ACCOUNT_FREE_FAILURES = 20;
/** Failures from one source, on every account together, before it has to wait (credential stuffing). */
export const SOURCE_FREE_FAILURES = 50;
/** The first wait; each further failure doubles it, up to MAX_WAIT_MS. */
export const FIRST_WAIT_MS = 1000;
export const MAX_WAIT_MS = 15 * 60 * 1000;
/** The most a clean source waits (on the server) while the account it signs in to is backing off. */
export const CLEAN_SOURCE_DELAY_MS = 1000;
/** A count is forgotten this long after its last failure. */
export const FORGET_MS = 60 * 60 * 1000;
/** A source that signed in to an account is trusted for it this long. */
export const TRUST_MS = 30 * 24 * 60 * 60 * 1000;
/** Entries kept per kind (pairs, accounts, sources, trusted pairs); the least recently written go first. */
export const MAX_ENTRIES = 50_000;

/** What a sign-in may do now: refused for `retryAfterMs`, else go ahead after `delayMs`. */
export interface ThrottleVerdict {
  retryAfterMs: number;
  delayMs: number;
}

export interface LoginThrottle {
  /** The verdict for a sign-in to `login` from `source` (the client address). */
  check(login: string, source: string): ThrottleVerdict;
  /**
   * A sign-in is counted as failed: called before its password is checked (a reservation), so
   * parallel guesses each count before any of them is answered (issue 38).
   */
  failed(login: string, source: string): void;
  /**
   * The password was right: this source's count on the account goes, it is trusted for the account,
   * and the failure its attempt reserved is taken back from the account's and the source's counts.
   */
  succeeded(login: string, source: string): void;
  /** Entries held, every kind together (bounded by 4 x MAX_ENTRIES). */
  size(): number;
}

interface Count {
  failures: number;
  last: number;
}
type Counts = ReturnType<typeof boundedMap<Count>>;

/** A Map that keeps at most `cap` entries, dropping the least recently written. */
function boundedMap<V>(cap: number) {
  const map = new Map<string, V>();
  return {
    map,
    set(key: string, value: V) {
      map.delete(key);
      map.set(key, value);
      if (map.size > cap) {
        const oldest = map.keys().next();
        if (!oldest.done) map.delete(oldest.value);
      }
    },
  };
}

/** The wait after `failures` when `free` of them cost nothing: 1 s, 2 s, 4 s ... up to MAX_WAIT_MS. */
export const backOffMs = (failures: number, free: number): number =>
  failures < free ? 0 : Math.min(FIRST_WAIT_MS * 2 ** (failures - free), MAX_WAIT_MS);

/**
 * Slows password guessing without handing anyone a way to lock a player out (decision 017).
 * Failures are counted per account and source (the client address), per account and per source.
 * A source waits once it has failed FREE_FAILURES times on an account, doubling with each further
 * failure: that is what stops one guesser, and it never touches the owner at another address.
 * An account failing from many sources (ACCOUNT_FREE_FAILURES) makes the sources that have already
 * failed on something wait as well, but a source trusted for the account (it signed in to it within
 * TRUST_MS) goes through, and a clean one (no failure on record) at most after CLEAN_SOURCE_DELAY_MS.
 * A source failing on many accounts waits on every account it is not trusted for.
 *
 * Kept in memory per server instance, at most MAX_ENTRIES per kind; a count is forgotten FORGET_MS
 * after its last failure.
 */
export function createLoginThrottle(now: () => number = Date.now, maxEntries = MAX_ENTRIES): LoginThrottle {
  const pairs = boundedMap<Count>(maxEntries);
  const accounts = boundedMap<Count>(maxEntries);
  const sources = boundedMap<Count>(maxEntries);
  const trusted = boundedMap<number>(maxEntries);
  const account = (login: string) => login.trim().toLowerCase();
  const pair = (login: string, source: string) => `${account(login)}\n${source}`;

  const current = (counts: Counts, key: string): Count | undefined => {
    const count = counts.map.get(key);
    if (count && now() - count.last >= FORGET_MS) {
      counts.map.delete(key);
      return undefined;
    }
    return count;
  };
  /** Milliseconds left of the wait a count imposes. */
  const left = (count: Count | undefined, free: number) =>
    count ? Math.max(0, count.last + backOffMs(count.failures, free) - now()) : 0;
  const isTrusted = (key: string) => {
    const since = trusted.map.get(key);
    if (since !== undefined && now() - since >= TRUST_MS) trusted.map.delete(key);
    return since !== undefined && now() - since < TRUST_MS;
  };
  const bump = (counts: Counts, key: string) => {
    const count = current(counts, key);
    counts.set(key, { failures: (count?.failures ?? 0) + 1, last: now() });
  };
  /** Takes back one reserved failure (a sign-in that succeeded); the time of the last stays. */
  const unbump = (counts: Counts, key: string) => {
    const count = current(counts, key);
    if (!count) return;
    if (count.failures <= 1) counts.map.delete(key);
    else count.failures -= 1;
  };

  return {
    check(login, source) {
      const own = left(current(pairs, pair(login, source)), FREE_FAILURES);
      if (isTrusted(pair(login, source))) return { retryAfterMs: own, delayMs: 0 };
      const bySource = current(sources, source);
      const byAccount = left(current(accounts, account(login)), ACCOUNT_FREE_FAILURES);
      const retryAfterMs = Math.max(own, left(bySource, SOURCE_FREE_FAILURES), bySource ? byAccount : 0);
      return { retryAfterMs, delayMs: retryAfterMs > 0 ? 0 : Math.min(byAccount, CLEAN_SOURCE_DELAY_MS) };
    },
    failed(login, source) {
      bump(pairs, pair(login, source));
      bump(accounts, account(login));
      bump(sources, source);
    },
    succeeded(login, source) {
      pairs.map.delete(pair(login, source));
      trusted.set(pair(login, source), now());
      unbump(accounts, account(login));
      unbump(sources, source);
    },
    size: () => pairs.map.size + accounts.map.size + sources.map.size + trusted.map.size,
  };
}

const throttleEventSchema = z.object({
  from: z.string(),
  outcome: z.enum(['failed', 'succeeded']),
  login: z.string().max(200),
  source: z.string().max(100),
});

/**
 * The same counts in every server process on one database: each sign-in outcome is counted here
 * at once and told to the other processes (login_throttle notification), which count it too. A
 * guesser whose requests a load balancer spreads over the processes meets one limit, not one per
 * process.
 */
export function shareLoginThrottle(
  throttle: LoginThrottle,
  notifications: Notifications,
  log: (error: unknown) => void,
): LoginThrottle {
  const from = randomUUID();
  notifications.listen('login_throttle', (payload) => {
    const event = readPayload(throttleEventSchema, payload);
    if (!event) return log(new Error(`ignored login_throttle notification: ${payload.slice(0, 100)}`));
    if (event.from !== from) throttle[event.outcome](event.login, event.source);
  });
  const tell = (outcome: 'failed' | 'succeeded', login: string, source: string) => {
    throttle[outcome](login, source);
    notifications.notify('login_throttle', JSON.stringify({ from, outcome, login, source })).catch(log);
  };
  return {
    check: (login, source) => throttle.check(login, source),
    failed: (login, source) => tell('failed', login, source),
    succeeded: (login, source) => tell('succeeded', login, source),
    size: () => throttle.size(),
  };
}
