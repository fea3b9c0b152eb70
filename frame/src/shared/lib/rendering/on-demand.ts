import { type ComponentType, createElement, lazy } from 'react';
import { deferredPart } from './hydration-settled.ts';

/**
 * A component whose code loads on demand. Once `preload` has resolved it renders at once; before
 * that it is a lazy component. A lazy component suspends on its first render even when its code
 * is already here: React then holds the revealed content back for up to 300 ms after its fallback
 * (the page would show the fallback, then jump), and a server-rendered part stays dehydrated, its
 * links plain links, until the code is in. Preloaded before hydration, it hydrates with the page.
 */
export function onDemand<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let Loaded: ComponentType<P> | undefined;
  // A deferred part until its code is in: a host's update waits for it (hydration-settled.ts).
  const preload = () =>
    deferredPart(load()).then((module) => {
      Loaded = pick(module);
      return { default: Loaded };
    });
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module level, like lazy()
  const Component = (props: P) => createElement(Loaded ?? Lazy, props);
  return Object.assign(Component, { preload });
}
