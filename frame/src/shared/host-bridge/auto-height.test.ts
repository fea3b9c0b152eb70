import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startAutoHeight } from './auto-height.ts';

let observed: (() => void) | undefined;
const disconnect = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        observed = callback;
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 16));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const element = (height: { value: number }) =>
  ({ getBoundingClientRect: () => ({ height: height.value }) }) as unknown as Element;

test('reports the height at once, rounded up', () => {
  const onHeight = vi.fn();
  startAutoHeight(element({ value: 640.2 }), onHeight);
  expect(onHeight).toHaveBeenCalledWith(641);
});

test('reports growth and shrinking, coalesced per frame, without repeating a value', () => {
  const height = { value: 500 };
  const onHeight = vi.fn();
  startAutoHeight(element(height), onHeight);
  height.value = 800;
  observed?.();
  observed?.();
  observed?.();
  vi.advanceTimersByTime(16);
  height.value = 300.5;
  observed?.();
  vi.advanceTimersByTime(16);
  observed?.();
  vi.advanceTimersByTime(16);
  expect(onHeight.mock.calls.map(([h]) => h)).toEqual([500, 800, 301]);
});

test('stop disconnects the observer', () => {
  const stop = startAutoHeight(element({ value: 1 }), vi.fn());
  stop();
  expect(disconnect).toHaveBeenCalled();
});
