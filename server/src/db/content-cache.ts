import type { ContentWatch } from './content-watch.ts';

/** A build that found nothing: answered as undefined, never kept. */
class NothingFound extends Error {}

/**
 * Values built from the content, by key (a language, a part's name), each built once and kept
 * until the content changes (ContentWatch): a change drops them all, a build in flight is shared
 * by the requests that wait for it, and a build that fails is not kept (the next request tries
 * again). While the watch is not live, nothing is kept. `ifFound` is for a build that may find
 * nothing (undefined): that is not kept either, so made-up keys cannot fill the cache and what is
 * added later is found.
 */
export function createContentCache(watch: ContentWatch) {
  const values = new Map<string, Promise<unknown>>();
  watch.onChange(() => values.clear());
  const cached = <T>(key: string, build: () => Promise<T>): Promise<T> => {
    const kept = values.get(key);
    if (kept) return kept as Promise<T>;
    const value = build();
    if (!watch.live) return value;
    values.set(key, value);
    value.catch(() => {
      if (values.get(key) === value) values.delete(key);
    });
    return value;
  };
  const ifFound = <T>(key: string, build: () => Promise<T | undefined>): Promise<T | undefined> =>
    cached(key, async () => {
      const value = await build();
      if (value === undefined) throw new NothingFound();
      return value;
    }).catch((error: unknown) => {
      if (error instanceof NothingFound) return undefined;
      throw error;
    });
  return Object.assign(cached, { ifFound });
}
