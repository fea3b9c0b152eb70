import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { initialGlobalState, useGlobalStore } from '../../shared/model/index.ts';
import { trackWindowSize } from './window-size.ts';

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
  const stop = trackWindowSize();
  expect(innerWidth).not.toHaveBeenCalled();
  vi.advanceTimersToNextFrame();
  expect(useGlobalStore.getState().windowSize).toEqual({ width: 390, height: 844 });
  stop();
});

test('follows resizes once they settle, and stops listening when stopped', () => {
  const stop = trackWindowSize();
  vi.advanceTimersToNextFrame();
  innerWidth.mockReturnValue(412);
  window.dispatchEvent(new Event('resize'));
  vi.advanceTimersByTime(50);
  window.dispatchEvent(new Event('resize'));
  expect(useGlobalStore.getState().windowSize.width).toBe(390);
  vi.advanceTimersByTime(100);
  expect(useGlobalStore.getState().windowSize.width).toBe(412);
  stop();
  innerWidth.mockReturnValue(320);
  window.dispatchEvent(new Event('resize'));
  vi.advanceTimersByTime(200);
  expect(useGlobalStore.getState().windowSize.width).toBe(412);
});
