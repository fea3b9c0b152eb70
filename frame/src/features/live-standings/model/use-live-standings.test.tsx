import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useLiveStandings } from './use-live-standings.ts';

/** A stand-in for the browser's EventSource: the test sends the server's events. */
class FakeSource extends EventTarget {
  static opened: FakeSource[] = [];
  static readonly CLOSED = 2;
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  /** The server answered with an error: the browser gives the stream up. */
  fail() {
    this.readyState = FakeSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  standings(data: unknown) {
    this.dispatchEvent(new MessageEvent('standings', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
}

beforeEach(() => {
  FakeSource.opened = [];
  vi.stubGlobal('EventSource', FakeSource);
});
afterEach(() => vi.unstubAllGlobals());

function setup(enabled = true) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveStandings(104, enabled), { wrapper });
  /** The keys read again since the last look. */
  const refreshed = () => {
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    invalidate.mockClear();
    return keys;
  };
  return { client, hook, refreshed };
}

test('the stream opens for the tournament; a new version reads its standings again, the same one does not', () => {
  const { hook, refreshed } = setup();
  const [source] = FakeSource.opened;
  expect(source?.url).toBe('/web-api/tournament/104/live');
  expect(hook.result.current).toBe(false);
  act(() => source?.standings({ tournamentId: 104, boot: 'a', version: 0 }));
  expect(hook.result.current).toBe(true);
  // Version 0: nothing changed since the server started, so what was read is current.
  expect(refreshed()).toEqual([]);
  act(() => source?.standings({ tournamentId: 104, boot: 'a', version: 0 }));
  expect(refreshed()).toEqual([]);
  act(() => source?.standings({ tournamentId: 104, boot: 'a', version: 4 }));
  expect(refreshed()).toEqual([
    '["tournament",104]',
    '["tournament-results",104]',
    '["tournament-rating",104]',
    '["user"]',
  ]);
});

test('malformed events and another tournament’s are ignored', () => {
  const { refreshed } = setup();
  const [source] = FakeSource.opened;
  act(() => source?.standings({ tournamentId: 104, boot: 'a', version: 0 }));
  for (const bad of [
    'not json',
    { tournamentId: 105, boot: 'a', version: 9 },
    { tournamentId: 104, version: 9 },
    { tournamentId: 104, boot: 'a', version: -1 },
    { version: 2 },
  ]) {
    act(() => source?.standings(bad));
  }
  expect(refreshed()).toEqual([]);
});

test('the first event reads again if anything changed since the server started; a restart reads again', () => {
  const { refreshed } = setup();
  const [source] = FakeSource.opened;
  act(() => source?.standings({ tournamentId: 104, boot: 'a', version: 2 }));
  expect(refreshed()).toContain('["tournament-results",104]');
  // The server restarted and counted one change: version 1 again, but of another start.
  act(() => source?.standings({ tournamentId: 104, boot: 'b', version: 1 }));
  expect(refreshed()).toContain('["tournament-results",104]');
});

test('a stream the browser gave up on (an error answer) is opened again after a pause', () => {
  vi.useFakeTimers();
  const { hook } = setup();
  const [first] = FakeSource.opened;
  act(() => first?.standings({ tournamentId: 104, boot: 'a', version: 0 }));
  act(() => first?.fail());
  expect(hook.result.current).toBe(false);
  expect(FakeSource.opened).toHaveLength(1);
  act(() => void vi.advanceTimersByTime(5000));
  expect(FakeSource.opened).toHaveLength(2);
  expect(first?.closed).toBe(true);
  vi.useRealTimers();
});

test('offline drops the stream at once; online opens a new one, and a changed version reads again', () => {
  const { hook, refreshed } = setup();
  const first = FakeSource.opened[0];
  act(() => first?.standings({ tournamentId: 104, boot: 'a', version: 5 }));
  act(() => void window.dispatchEvent(new Event('offline')));
  expect(first?.closed).toBe(true);
  expect(hook.result.current).toBe(false);
  act(() => void window.dispatchEvent(new Event('online')));
  const second = FakeSource.opened[1];
  expect(second?.closed).toBe(false);
  act(() => second?.standings({ tournamentId: 104, boot: 'a', version: 6 }));
  expect(hook.result.current).toBe(true);
  expect(refreshed()).toContain('["tournament-results",104]');
  hook.unmount();
  expect(second?.closed).toBe(true);
});

test('nothing opens while disabled (an ended tournament)', () => {
  setup(false);
  expect(FakeSource.opened).toEqual([]);
});
