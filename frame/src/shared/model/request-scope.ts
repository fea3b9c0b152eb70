import type { QueryClient } from '@tanstack/react-query';
import { browserI18n, type FrameI18n } from '../i18n/index.ts';
import { readCookie } from '../lib/browser/cookies.ts';
import { renderNow } from '../lib/rendering/ssr.ts';
import { browserStore, type GlobalStore } from './global-store.ts';

/**
 * What one render reads and writes besides its props (issue 41): its global state, its texts, its
 * request's cookies and its time. The browser has one (its store, its i18n instance, document.cookie,
 * its render clock); the server makes one per page it renders, so two renders can run at once and
 * nothing of one reaches the other. Its API transport is bound to the same query client (shared/api).
 */
export interface RequestScope {
  store: GlobalStore;
  i18n: FrameI18n;
  cookie(name: string): string | undefined;
  /** Now, for what the render computes from the time (a server render's own time). */
  now(): number;
}

/**
 * Each server render's scope, under its query client: the one object the router's loaders and
 * middleware (built per render with it) and the query functions (given it by TanStack) all have.
 */
const scopes = new WeakMap<QueryClient, RequestScope>();

/** Makes `scope` the scope of whatever runs for `client`. */
export const bindRequestScope = (client: QueryClient, scope: RequestScope): void => {
  scopes.set(client, scope);
};

/** The scope of a render's query client; the browser's for a client no server render bound. */
export function scopeOf(client: QueryClient): RequestScope {
  return (
    scopes.get(client) ?? {
      store: browserStore(),
      i18n: browserI18n,
      cookie: readCookie,
      now: renderNow,
    }
  );
}
