import { afterEach, expect, test, vi } from 'vitest';
import { PREFETCH_IDLE_MS, scheduleIdlePrefetch, shouldPrefetch } from './idle-prefetch.ts';

afterEach(() => vi.useRealTimers());

test('no prefetching on 2g or save-data connections', () => {
  expect(shouldPrefetch(undefined)).toBe(true);
  expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
  expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
  expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
  expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
});

test('chunks load after 2000 ms idle, once; a failure is swallowed; cancel stops it', async () => {
  vi.useFakeTimers();
  const load = vi.fn(() => Promise.reject(new Error('offline')));
  scheduleIdlePrefetch([load], { effectiveType: '4g' });
  vi.advanceTimersByTime(PREFETCH_IDLE_MS - 1);
  expect(load).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  await vi.runAllTimersAsync();
  expect(load).toHaveBeenCalledTimes(1);
  const other = vi.fn(() => Promise.resolve());
  const cancel = scheduleIdlePrefetch([other], undefined);
  cancel();
  await vi.runAllTimersAsync();
  expect(other).not.toHaveBeenCalled();
  const metered = vi.fn(() => Promise.resolve());
  scheduleIdlePrefetch([metered], { saveData: true });
  await vi.runAllTimersAsync();
  expect(metered).not.toHaveBeenCalled();
});
