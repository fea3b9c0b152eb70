/** Where the time of the last automatic reload is remembered across the reload itself. */
export interface ReloadMarkStore {
  read(): number | null;
  write(time: number): void;
}

/** Spec 9: a chunk-load failure reloads at most once per 60 s. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const KEY = 'promo-frame:chunk-reload-at';

const parseTime = (raw: string | null | undefined): number | null => {
  const value = Number(raw);
  return raw && Number.isFinite(value) ? value : null;
};

/** sessionStorage; the getter itself throws in sandboxed frames and with storage disabled. */
export const sessionStorageStore: ReloadMarkStore = {
  read: () => parseTime(window.sessionStorage.getItem(KEY)),
  write: (time) => window.sessionStorage.setItem(KEY, String(time)),
};

/** A short-lived cookie, for when sessionStorage throws. */
export const cookieStore: ReloadMarkStore = {
  read: () => {
    const match = document.cookie.match(/(?:^|;\s*)promo_chunk_reload_at=(\d+)/);
    return parseTime(match?.[1]);
  },
  write: (time) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older app webviews
    document.cookie = `promo_chunk_reload_at=${time}; max-age=${CHUNK_RELOAD_INTERVAL_MS / 1000}; path=/; SameSite=Lax`;
  },
};

/**
 * Decides whether a chunk-load failure may reload the page. The first store that keeps a value
 * (written, then read back) is used; when none does, it refuses, since a reload it cannot
 * remember could loop forever.
 */
export function shouldReloadAfterChunkError(
  stores: readonly ReloadMarkStore[] = [sessionStorageStore, cookieStore],
  now: number = Date.now(),
  log: (message: string, error?: unknown) => void = console.warn,
): boolean {
  for (const store of stores) {
    try {
      const last = store.read();
      if (last !== null && now - last >= 0 && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
      store.write(now);
      if (store.read() === now) return true;
    } catch (error) {
      log('reload guard: store unavailable, trying the next one', error);
    }
  }
  log('reload guard: no store keeps the reload mark; not reloading');
  return false;
}
