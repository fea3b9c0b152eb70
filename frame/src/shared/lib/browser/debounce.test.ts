import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { debounce } from './debounce.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('runs once, with the last arguments, when the calls have stopped for its delay', () => {
  const run = vi.fn();
  const settled = debounce(run, 500);
  settled(1);
  vi.advanceTimersByTime(400);
  settled(2);
  vi.advanceTimersByTime(499);
  expect(run).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledExactlyOnceWith(2);
});

test('flush runs the pending call at once (and only a pending one); cancel drops it', () => {
  const run = vi.fn();
  const settled = debounce(run, 500);
  settled('a');
  settled.flush();
  expect(run).toHaveBeenCalledExactlyOnceWith('a');
  settled.flush();
  expect(run).toHaveBeenCalledTimes(1);
  settled('b');
  settled.cancel();
  vi.advanceTimersByTime(1000);
  expect(run).toHaveBeenCalledTimes(1);
});
