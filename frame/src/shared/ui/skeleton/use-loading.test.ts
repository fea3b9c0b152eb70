import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useLoading } from './use-loading.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The loading state over a load of `loadMs`, read at each of `at` (ms from the start). */
function loadingOver(loadMs: number, at: number[]) {
  const { result, rerender } = renderHook(({ pending }) => useLoading(pending), { initialProps: { pending: true } });
  const seen: Array<[number, string]> = [];
  let now = 0;
  for (const moment of at) {
    if (now < loadMs && moment >= loadMs) {
      act(() => vi.advanceTimersByTime(loadMs - now));
      now = loadMs;
      rerender({ pending: false });
    }
    act(() => vi.advanceTimersByTime(moment - now));
    now = moment;
    const { loading, drawn } = result.current;
    seen.push([moment, loading ? (drawn ? 'skeleton drawn' : 'place held') : 'content']);
  }
  return seen;
}

test('a load under 200 ms never draws a skeleton: its place is held, then the content comes at once', () => {
  expect(loadingOver(150, [0, 149, 150])).toEqual([
    [0, 'place held'],
    [149, 'place held'],
    [150, 'content'],
  ]);
});

test('a skeleton is drawn once the load has taken 200 ms, and stays 200 ms before the content', () => {
  expect(loadingOver(250, [199, 200, 250, 399, 400])).toEqual([
    [199, 'place held'],
    [200, 'skeleton drawn'],
    [250, 'skeleton drawn'],
    [399, 'skeleton drawn'],
    [400, 'content'],
  ]);
});

test('a long load shows its content as soon as it ends', () => {
  expect(loadingOver(1000, [999, 1000])).toEqual([
    [999, 'skeleton drawn'],
    [1000, 'content'],
  ]);
});

test('data at hand draws nothing', () => {
  const { result } = renderHook(() => useLoading(false));
  expect(result.current).toEqual({ loading: false, drawn: false });
});
