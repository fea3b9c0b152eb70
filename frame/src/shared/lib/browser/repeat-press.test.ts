import { afterEach, expect, test, vi } from 'vitest';
import { REPEAT_PRESS_MS, repeatPressGuard } from './repeat-press.ts';

afterEach(() => vi.useRealTimers());

test('a press within the window of the last one of its kind is refused; other kinds and later presses act', () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  const mayAct = repeatPressGuard<'a' | 'b'>();
  expect(mayAct('a')).toBe(true);
  expect(mayAct('a')).toBe(false);
  expect(mayAct('b')).toBe(true);
  vi.advanceTimersByTime(REPEAT_PRESS_MS - 1);
  expect(mayAct('a')).toBe(false);
  vi.advanceTimersByTime(1);
  expect(mayAct('a')).toBe(true);
});
