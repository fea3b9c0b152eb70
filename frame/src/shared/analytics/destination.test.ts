import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createDestination, type DestinationOptions } from './destination.ts';

const options = (overrides: Partial<DestinationOptions<number>> = {}): DestinationOptions<number> => ({
  name: 'test',
  send: async () => {},
  delayMs: 1_000,
  batchSize: 3,
  maxQueue: 10,
  retryBaseMs: 1_000,
  retryMaxMs: 8_000,
  ...overrides,
});

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

test('items wait for the delay and travel together; a full batch goes at once', async () => {
  const send = vi.fn(async (_items: number[]) => {});
  const destination = createDestination(options({ send }));
  destination.push(1);
  destination.push(2);
  await vi.advanceTimersByTimeAsync(999);
  expect(send).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(send.mock.calls).toEqual([[[1, 2]]]);
  // A full batch goes at once and takes what is pushed meanwhile, batch by batch.
  for (const item of [3, 4, 5, 6, 7]) destination.push(item);
  await vi.advanceTimersByTimeAsync(0);
  expect(send.mock.calls.slice(1)).toEqual([[[3, 4, 5]], [[6, 7]]]);
});

test('a failing send is retried after 1, 2, 4, 8, 8 s and loses nothing', async () => {
  let down = true;
  const sent: number[][] = [];
  const send = vi.fn(async (items: number[]) => {
    if (down) throw new Error('503');
    sent.push(items);
  });
  const destination = createDestination(options({ send }));
  destination.push(1);
  await vi.advanceTimersByTimeAsync(1_000);
  const attemptsAt: number[] = [];
  for (const wait of [1_000, 2_000, 4_000, 8_000, 8_000]) {
    // A new item does not hurry a destination that is backing off.
    destination.push(attemptsAt.length + 2);
    await vi.advanceTimersByTimeAsync(wait - 1);
    const before = send.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1);
    attemptsAt.push(send.mock.calls.length - before);
  }
  expect(attemptsAt).toEqual([1, 1, 1, 1, 1]);
  down = false;
  await vi.advanceTimersByTimeAsync(8_000);
  expect(sent.flat()).toEqual([1, 2, 3, 4, 5, 6]);
  expect(destination.pending()).toBe(0);
});

test('after maxAttempts a batch is given up and the rest still goes', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const send = vi.fn(async (items: number[]) => {
    if (items.includes(1)) throw new Error('refused');
  });
  const destination = createDestination(options({ send, maxAttempts: 2, batchSize: 1 }));
  destination.push(1);
  destination.push(2);
  await vi.runAllTimersAsync();
  expect(send.mock.calls).toEqual([[[1]], [[1]], [[2]]]);
  expect(warn).toHaveBeenCalledWith('analytics: test gave up a batch of 1');
});

test('when the queue is full the oldest items are dropped', async () => {
  const send = vi.fn(async (_items: number[]) => {
    throw new Error('down');
  });
  const destination = createDestination(options({ send, maxQueue: 4, batchSize: 100 }));
  for (let i = 1; i <= 6; i += 1) destination.push(i);
  expect(destination.pending()).toBe(4);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(send.mock.calls[0]).toEqual([[3, 4, 5, 6]]);
});

test('leaving the page beacons what a down service holds, in batches, and keeps what the browser refused', async () => {
  const send = vi.fn(async (_items: number[]) => {
    throw new Error('down');
  });
  const beacon = vi.fn((items: number[]) => !items.includes(7));
  const destination = createDestination(options({ send, beacon }));
  destination.push(1);
  await vi.advanceTimersByTimeAsync(1_000);
  for (let i = 2; i <= 7; i += 1) destination.push(i);
  expect(send).toHaveBeenCalledTimes(1);
  destination.flushBeacon();
  expect(beacon.mock.calls).toEqual([[[1, 2, 3]], [[4, 5, 6]], [[7]]]);
  expect(destination.pending()).toBe(1);
  beacon.mockReturnValue(true);
  destination.push(8);
  destination.flushBeacon();
  expect(beacon.mock.calls.at(-1)).toEqual([[7, 8]]);
  expect(destination.pending()).toBe(0);
});

test('a batch being sent when the page hides is not beaconed again', async () => {
  let finish = () => {};
  const send = vi.fn(
    (_items: number[]) =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  const beacon = vi.fn((_items: number[]) => true);
  const destination = createDestination(options({ send, beacon }));
  for (const item of [1, 2, 3]) destination.push(item);
  destination.push(4);
  destination.flushBeacon();
  expect(beacon.mock.calls).toEqual([[[4]]]);
  finish();
  await vi.advanceTimersByTimeAsync(0);
  expect(destination.pending()).toBe(0);
  expect(send).toHaveBeenCalledTimes(1);
});

test('without a beacon, leaving the page sends at once', async () => {
  const send = vi.fn(async (_items: number[]) => {});
  const destination = createDestination(options({ send }));
  destination.push(1);
  destination.flushBeacon();
  expect(send.mock.calls).toEqual([[[1]]]);
});
