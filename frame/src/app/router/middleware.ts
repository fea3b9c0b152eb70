import type { QueryClient } from '@tanstack/react-query';
import type { MiddlewareFunction } from 'react-router';
import { StatusError } from '../../shared/lib/index.ts';
import { type RequestScope, scopeOf } from '../../shared/model/index.ts';
import { clientOf } from './route-context.ts';

/** An access check named by route metadata (`handle.middleware`, spec 6). */
type AccessCheck = (scope: RequestScope) => void | Promise<void>;

const registry: Record<string, AccessCheck> = {
  /** The page needs the site config; the root middleware has loaded it unless something went wrong. */
  siteConfig: ({ store }) => {
    if (!store.getState().siteConfig) throw new StatusError('Site config is not loaded', 503);
  },
};

/** Runs the named checks in order; an id nobody registered is a programming error: 500 (spec 8). */
export async function runAccessChecks(ids: readonly string[], queryClient: QueryClient): Promise<void> {
  for (const id of ids) {
    const check = registry[id];
    if (!check) throw new StatusError(`Unknown middleware ${id}`, 500);
    await check(scopeOf(queryClient));
  }
}

/** Route middleware for the ids; router middleware runs parent to child, after the root's config load. */
export const accessMiddleware =
  (ids: readonly string[]): MiddlewareFunction =>
  async (args) => {
    await runAccessChecks(ids, clientOf(args));
  };
