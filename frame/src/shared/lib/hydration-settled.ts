import { SSR_DATA_ID } from './ssr.ts';

/**
 * Whether a server-rendered page has hydrated all it shows. A part whose code comes after the
 * page's (a lazy component the server rendered) stays as the server's markup until its code is in;
 * a change of what the page shows meanwhile (a host's language, time zone or theme) would make that
 * part hydrate with other texts than the server's (React #418) and be rendered again.
 */

/** Loads of the code of server-rendered parts that hydrate after the page. */
const pending = new Set<Promise<unknown>>();

/** Marks `load` as the code of a deferred part: the page is not settled until it is in (or failed). */
export function deferredPart<T>(load: Promise<T>): Promise<T> {
  pending.add(load);
  const done = () => pending.delete(load);
  load.then(done, done);
  return load;
}

const serverRendered = () => typeof document !== 'undefined' && document.getElementById(SSR_DATA_ID) !== null;
const hydrated = () => document.documentElement.hasAttribute('data-frame-ready');
/** The main thread's next idle period: React hydrates the page's Suspense boundaries in tasks of its own after the root. */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 50);
  });

let settled = false;

/** True when nothing is left to hydrate: a page rendered in the browser, or a hydrated one with every part in. */
export const hydrationIsSettled = (): boolean => !serverRendered() || (settled && pending.size === 0);

/**
 * Resolves once the page has hydrated all it shows: its root has committed (`<html
 * data-frame-ready>`), the code of every deferred part is in, and React has had an idle period to
 * hydrate the Suspense boundaries, which it does after the root, in tasks of their own.
 */
export async function hydrationSettled(): Promise<void> {
  if (hydrationIsSettled()) return;
  await new Promise<void>((resolve) => {
    if (hydrated()) return resolve();
    new MutationObserver((_, observer) => {
      if (!hydrated()) return;
      observer.disconnect();
      resolve();
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-frame-ready'] });
  });
  do {
    await Promise.allSettled([...pending]);
    // Twice: a boundary hydrated in the first idle period may load code or render more.
    await idle();
    await idle();
  } while (pending.size > 0);
  settled = true;
}
