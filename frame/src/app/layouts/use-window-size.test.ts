import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { initialGlobalState, useGlobalStore } from '../../shared/store/index.ts';
import { useWindowSize } from './use-window-size.ts';

let innerWidth: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  useGlobalStore.setState(initialGlobalState);
  innerWidth = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

test('reads the window size in the next frame, not while the page commits', () => {
  renderHook(() => useWindowSize());
  expect(innerWidth).not.toHaveBeenCalled();
  act(() => vi.advanceTimersToNextFrame());
  expect(useGlobalStore.getState().windowSize).toEqual({ width: 390, height: 844 });
});

test('follows resizes once they settle, and stops listening when unmounted', () => {
  const { unmount } = renderHook(() => useWindowSize());
  act(() => vi.advanceTimersToNextFrame());
  innerWidth.mockReturnValue(412);
  act(() => {
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(50);
    window.dispatchEvent(new Event('resize'));
  });
  expect(useGlobalStore.getState().windowSize.width).toBe(390);
  act(() => vi.advanceTimersByTime(100));
  expect(useGlobalStore.getState().windowSize.width).toBe(412);
  unmount();
  innerWidth.mockReturnValue(320);
  act(() => {
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(200);
  });
  expect(useGlobalStore.getState().windowSize.width).toBe(412);
});
