import { SSR_DATA_ID } from './ssr.ts';

/**
 * Whether a server-rendered page has hydrated all it shows. React hydrates the root first and each
 * Suspense boundary after it, in tasks of its own, and a boundary whose code is not in yet (a lazy
 * part the server rendered) stays as the server's markup until it is. A change of what the page
 * shows meanwhile (a host's language, time zone or theme) would make such a part hydrate with other
 * texts than the server's (React #418) and be rendered again.
 *
 * The signal is exact: every Suspense boundary of the frame is a `HydratingSuspense`, which names
 * itself here when it commits during hydration and is struck off when its content commits.
 */

/** Loads of the code of server-rendered parts that hydrate after the page. */
const pending = new Set<Promise<unknown>>();
/** Boundaries (their useId) committed during hydration whose content has not committed yet. */
const dehydrated = new Set<string>();
/** Waiting for a boundary to commit or a deferred load to end. */
const waiters = new Set<() => void>();
/** A boundary whose content never commits (its code never comes) must not hold a host's updates for ever. */
export const SETTLE_LIMIT_MS = 10_000;

const changed = () => {
  for (const waiter of waiters) waiter();
  waiters.clear();
};

/** Marks `load` as the code of a deferred part: the page is not settled until it is in (or failed). */
export function deferredPart<T>(load: Promise<T>): Promise<T> {
  pending.add(load);
  const done = () => {
    pending.delete(load);
    changed();
  };
  load.then(done, done);
  return load;
}

const serverRendered = () => typeof document !== 'undefined' && document.getElementById(SSR_DATA_ID) !== null;
const hydrated = () => document.documentElement.hasAttribute('data-frame-ready');

/** Once true, stays true: boundaries rendered later (a navigation) are the browser's own. */
let settled = false;

/** True when nothing is left to hydrate: a page rendered in the browser, or a hydrated one with every part in. */
export function hydrationIsSettled(): boolean {
  if (!settled && (!serverRendered() || (hydrated() && pending.size === 0 && dehydrated.size === 0))) settled = true;
  return settled;
}

/** A `HydratingSuspense` committed: while the page hydrates, its content is owed a commit. */
export function boundaryMounted(id: string): void {
  if (!hydrationIsSettled()) dehydrated.add(id);
}

/** A `HydratingSuspense`'s content committed (or the boundary went away). */
export function boundaryCommitted(id: string): void {
  if (dehydrated.delete(id)) changed();
}

const nextChange = () => new Promise<void>((resolve) => waiters.add(resolve));

/**
 * Resolves once the page has hydrated all it shows: its root has committed (`<html
 * data-frame-ready>`), every boundary it rendered has committed its content and the code of every
 * deferred part is in; or, whatever is left, after SETTLE_LIMIT_MS.
 */
export async function hydrationSettled(): Promise<void> {
  if (hydrationIsSettled()) return;
  const limit = new Promise<void>((resolve) => setTimeout(resolve, SETTLE_LIMIT_MS));
  let late = false;
  void limit.then(() => {
    late = true;
    changed();
  });
  await Promise.race([
    limit,
    new Promise<void>((resolve) => {
      if (hydrated()) return resolve();
      new MutationObserver((_, observer) => {
        if (!hydrated()) return;
        observer.disconnect();
        resolve();
      }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-frame-ready'] });
    }),
  ]);
  while (!late && !hydrationIsSettled()) await nextChange();
  settled = true;
}
