import { expect, test, vi } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, type ReloadMarkStore, shouldReloadAfterChunkError } from './reload-guard.ts';

const memoryStore = (initial: number | null = null): ReloadMarkStore & { value: number | null } => ({
  value: initial,
  read() {
    return this.value;
  },
  write(time) {
    this.value = time;
  },
});

const throwingStore: ReloadMarkStore = {
  read: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  write: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
};

/** Accepts writes and forgets them, like a cookie a third-party frame may not keep. */
const forgetfulStore: ReloadMarkStore = { read: () => null, write: () => undefined };

const silent = () => undefined;

test('the first chunk failure reloads and remembers when', () => {
  const store = memoryStore();
  expect(shouldReloadAfterChunkError([store], 1_000_000, silent)).toBe(true);
  expect(store.value).toBe(1_000_000);
});

test('a second failure within 60 s does not reload', () => {
  const store = memoryStore(1_000_000);
  expect(shouldReloadAfterChunkError([store], 1_000_000 + CHUNK_RELOAD_INTERVAL_MS - 1, silent)).toBe(false);
  expect(store.value).toBe(1_000_000);
});

test('after 60 s it may reload again', () => {
  const store = memoryStore(1_000_000);
  expect(shouldReloadAfterChunkError([store], 1_000_000 + CHUNK_RELOAD_INTERVAL_MS, silent)).toBe(true);
});

test('a mark from the future (clock moved back) does not block forever', () => {
  const store = memoryStore(5_000_000);
  expect(shouldReloadAfterChunkError([store], 1_000_000, silent)).toBe(true);
});

test('when sessionStorage throws, the next store is used', () => {
  const fallback = memoryStore();
  const log = vi.fn();
  expect(shouldReloadAfterChunkError([throwingStore, fallback], 2_000_000, log)).toBe(true);
  expect(fallback.value).toBe(2_000_000);
  expect(log).toHaveBeenCalled();
  expect(shouldReloadAfterChunkError([throwingStore, fallback], 2_000_500, log)).toBe(false);
});

test('with no store that keeps the mark it refuses, so it can never loop', () => {
  const log = vi.fn();
  expect(shouldReloadAfterChunkError([throwingStore, forgetfulStore], 3_000_000, log)).toBe(false);
  expect(log).toHaveBeenLastCalledWith('reload guard: no store keeps the reload mark; not reloading');
});

test('the real sessionStorage store works in a browser-like environment', async () => {
  const { sessionStorageStore } = await import('./reload-guard.ts');
  window.sessionStorage.clear();
  expect(shouldReloadAfterChunkError([sessionStorageStore], 10_000, silent)).toBe(true);
  expect(shouldReloadAfterChunkError([sessionStorageStore], 20_000, silent)).toBe(false);
});

test('sessionStorage that throws on access falls back to the cookie store', async () => {
  const { sessionStorageStore, cookieStore } = await import('./reload-guard.ts');
  const spy = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the very cookie the store under test writes
    document.cookie = 'promo_chunk_reload_at=; max-age=0; path=/';
    expect(shouldReloadAfterChunkError([sessionStorageStore, cookieStore], 50_000, silent)).toBe(true);
    expect(cookieStore.read()).toBe(50_000);
    expect(shouldReloadAfterChunkError([sessionStorageStore, cookieStore], 60_000, silent)).toBe(false);
  } finally {
    spy.mockRestore();
  }
});
