import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { Countdown } from './countdown.tsx';

afterEach(() => vi.useRealTimers());

test('counts down every second and reports the end once', () => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  const onEnd = vi.fn();
  render(<Countdown targetMs={Date.parse('2026-11-23T11:02:03Z')} label="Ends in" onEnd={onEnd} />);
  const values = () => screen.getAllByRole('listitem').map((item) => item.firstChild?.textContent);
  expect(values()).toEqual(['01', '01', '02', '03']);
  act(() => vi.advanceTimersByTime(1000));
  expect(values()).toEqual(['01', '01', '02', '02']);
  expect(onEnd).not.toHaveBeenCalled();
  act(() => vi.advanceTimersByTime((25 * 3600 + 2 * 60 + 2) * 1000));
  expect(values()).toEqual(['00', '00', '00', '00']);
  act(() => vi.advanceTimersByTime(3000));
  expect(onEnd).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('timer', { name: 'Ends in' })).toBeInTheDocument();
});
