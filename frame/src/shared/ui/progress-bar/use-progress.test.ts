import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useProgress } from './use-progress.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 16));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('a load shorter than 200 ms never shows the bar', () => {
  const { result, rerender } = renderHook(({ active }) => useProgress(active), { initialProps: { active: false } });
  rerender({ active: true });
  act(() => vi.advanceTimersByTime(199));
  expect(result.current.visible).toBe(false);
  rerender({ active: false });
  act(() => vi.advanceTimersByTime(1000));
  expect(result.current.visible).toBe(false);
});

test('after 200 ms the bar shows and crawls towards 90 % over 5000 ms', () => {
  const { result, rerender } = renderHook(({ active }) => useProgress(active), { initialProps: { active: false } });
  rerender({ active: true });
  act(() => vi.advanceTimersByTime(200));
  expect(result.current).toEqual({ visible: true, percent: 0, durationMs: 0 });
  act(() => vi.advanceTimersByTime(16));
  expect(result.current).toEqual({ visible: true, percent: 90, durationMs: 5000 });
});

test('when loading ends the bar completes and hides 500 ms later', () => {
  const { result, rerender } = renderHook(({ active }) => useProgress(active), { initialProps: { active: true } });
  act(() => vi.advanceTimersByTime(300));
  rerender({ active: false });
  expect(result.current.percent).toBe(100);
  act(() => vi.advanceTimersByTime(499));
  expect(result.current.visible).toBe(true);
  act(() => vi.advanceTimersByTime(1));
  expect(result.current.visible).toBe(false);
});
