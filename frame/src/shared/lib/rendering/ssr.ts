import type { DehydratedState } from '@tanstack/react-query';
import { createContext, useContext, useDeferredValue, useSyncExternalStore } from 'react';

/** The id of the data block a server-rendered page carries for the client (decision 022). */
export const SSR_DATA_ID = 'promo-ssr-data';

/** What the server hands the client with a rendered page: the client hydrates from it, asking nothing again. */
export interface SsrData {
  /** When the server rendered (ms): times in the page are computed from it until hydration ends. */
  now: number;
  lng: string;
  /** Whether the server rendered the host-only parts (the account bar's slot). */
  hostAvailable: boolean;
  /**
   * The query cache the loaders filled (the page's data), but for the site config: the browser
   * fetches that one (its start-up script preloads it) when the server rendered with it (`withConfig`).
   */
  queries: DehydratedState;
  /** The server rendered with the site config of `lng` (not an error page it could not load). */
  withConfig: boolean;
  /** The hash of that config's answer (its ETag names it): the browser takes the same answer unchecked. */
  configHash?: string;
  /** The router's loader data and errors (react-router's hydration data). */
  router: { loaderData: unknown; actionData: unknown; errors: unknown };
}

/** The data block of a server-rendered page, or null on a client-rendered one. */
export function readSsrData(): SsrData | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(SSR_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrData;
  } catch (error) {
    console.error('server data block unreadable; rendering on the client', error);
    return null;
  }
}

let renderClock: number | null = null;
let moduleClockForbidden = false;

/**
 * Now, for what a render shows: the client's clock, or a server render's time while the client
 * hydrates that render (so both write the same countdown). A server render reads its own time
 * from RenderClockContext (useRenderNow); this module clock is the browser's alone.
 */
export const renderNow = (): number => {
  if (moduleClockForbidden) throw new Error('The render clock read outside a request scope (issue 41)');
  return renderClock ?? Date.now();
};

/**
 * Sets (a render's time) or clears (null) the browser's render clock. The browser keeps a server
 * render's time until the first navigation (or 10 s): parts of a page hydrate one by one (each
 * Suspense boundary when its code is there), and each must write what the server wrote.
 */
export const setRenderClock = (ms: number | null): void => {
  renderClock = ms;
};

/** On the server: every render has its own time, given by RenderClockContext (set once by the server entry). */
export const forbidModuleClock = (): void => {
  moduleClockForbidden = true;
};

/** A server render's time, for the components it renders; none in the browser (the module clock). */
export const RenderClockContext = createContext<number | null>(null);

/** renderNow for a component: its server render's time, else the browser's render clock. */
export function useRenderNow(): number {
  const serverNow = useContext(RenderClockContext);
  return serverNow ?? renderNow();
}

const subscribeNever = () => () => {};

/**
 * False while the server renders and while the browser hydrates, true after: a part that depends
 * on the browser alone (the host's account bar) renders after hydration, in a slot that keeps its
 * place, instead of writing markup the browser would not write.
 *
 * The store's value turns true in a synchronous re-render right after the hydration's commit, in the
 * same task as the page's effects. Deferred, the part itself renders in a later, yielding render
 * (decision 046): that task was the last long one of a promotion page (Lighthouse TTI).
 */
export const useHydrated = (): boolean =>
  useDeferredValue(
    useSyncExternalStore(
      subscribeNever,
      () => true,
      () => false,
    ),
  );
