import { expect, test, vi } from 'vitest';
import { createRenderGate } from './render-gate.ts';

test('a render that cannot finish in the time left is not started: the page goes to the browser', async () => {
  const gate = createRenderGate({ queueMax: 8, timeLimitMs: 1000, concurrency: 1 });
  const render = vi.fn(async () => 'page');
  // Past the limit already, or with less left than a render takes (50 ms before any has run).
  expect(await gate.run(render, 1000)).toEqual({ ok: false, reason: 'time_limit' });
  expect(await gate.run(render, 960)).toEqual({ ok: false, reason: 'time_limit' });
  expect(render).not.toHaveBeenCalled();
  expect(await gate.run(render, 0)).toEqual({ ok: true, value: 'page' });
  expect(gate.counts()).toMatchObject({ rendered: 1, shell: { queue_full: 0, time_limit: 2, failed: 0 } });
});

test('a render that throws is a failure with its error, and the next one runs', async () => {
  const gate = createRenderGate({ queueMax: 8, timeLimitMs: 1000, concurrency: 1 });
  const broken = new Error('render failed');
  expect(await gate.run(() => Promise.reject(broken), 0)).toEqual({ ok: false, reason: 'failed', error: broken });
  expect(await gate.run(async () => 'page', 0)).toEqual({ ok: true, value: 'page' });
  expect(gate.counts().shell.failed).toBe(1);
});

test('a queue of 0: a page that would wait is sent to the browser at once', async () => {
  const gate = createRenderGate({ queueMax: 0, timeLimitMs: 60_000, concurrency: 1 });
  let release = () => {};
  const first = gate.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))), 0);
  await vi.waitFor(() => expect(gate.counts().running).toBe(1));
  expect(await gate.run(async () => 'second', 0)).toEqual({ ok: false, reason: 'queue_full' });
  release();
  expect(await first).toEqual({ ok: true, value: 'first' });
});

test('renders run `concurrency` at a time; the next waits for a free slot', async () => {
  const gate = createRenderGate({ queueMax: 8, timeLimitMs: 60_000, concurrency: 2 });
  const releases: Array<() => void> = [];
  const started: string[] = [];
  const render = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      releases.push(() => resolve(name));
    });
  const pages = [gate.run(render('first'), 0), gate.run(render('second'), 0), gate.run(render('third'), 0)];
  await vi.waitFor(() => expect(started).toEqual(['first', 'second']));
  expect(gate.counts()).toMatchObject({ running: 2, waiting: 1 });
  releases[0]?.();
  await vi.waitFor(() => expect(started).toEqual(['first', 'second', 'third']));
  releases[1]?.();
  releases[2]?.();
  expect(await Promise.all(pages)).toEqual([
    { ok: true, value: 'first' },
    { ok: true, value: 'second' },
    { ok: true, value: 'third' },
  ]);
});

test('with every slot busy, pages wait up to the queue; one more goes to the browser', async () => {
  const gate = createRenderGate({ queueMax: 1, timeLimitMs: 60_000, concurrency: 2 });
  const releases: Array<() => void> = [];
  const slow = () => new Promise<string>((resolve) => releases.push(() => resolve('page')));
  const running = [gate.run(slow, 0), gate.run(slow, 0)];
  await vi.waitFor(() => expect(gate.counts().running).toBe(2));
  const waiting = gate.run(slow, 0);
  expect(await gate.run(slow, 0)).toEqual({ ok: false, reason: 'queue_full' });
  for (const release of releases) release();
  await vi.waitFor(() => expect(releases).toHaveLength(3));
  releases[2]?.();
  expect(await Promise.all([...running, waiting])).toEqual(Array(3).fill({ ok: true, value: 'page' }));
});

test('one slow render does not keep later ones out: with a slot free, a page is rendered', async () => {
  const gate = createRenderGate({ queueMax: 8, timeLimitMs: 1000, concurrency: 1 });
  // Slow renders (a cold start, a busy machine): each takes most of the limit, and the pace
  // learnt from them is slower than 600 ms.
  vi.useFakeTimers({ toFake: ['performance'] });
  for (let slow = 0; slow < 5; slow += 1) {
    const cold = async () => {
      vi.advanceTimersByTime(900);
      return 'cold';
    };
    expect(await gate.run(cold, 0)).toEqual({ ok: true, value: 'cold' });
  }
  vi.useRealTimers();
  // 600 ms left is less than that pace, but nothing is ahead: it starts, and finishes.
  expect(await gate.run(async () => 'page', 400)).toEqual({ ok: true, value: 'page' });
});
