import { expect, test, vi } from 'vitest';
import { createRenderGate } from './render-gate.ts';

test('a render that cannot finish in the time left is not started: the page goes to the browser', async () => {
  const gate = createRenderGate({ queueMax: 8, timeLimitMs: 1000 });
  const render = vi.fn(async () => 'page');
  // Past the limit already, or with less left than a render takes (50 ms before any has run).
  expect(await gate.run(render, 1000)).toEqual({ ok: false, reason: 'time_limit' });
  expect(await gate.run(render, 960)).toEqual({ ok: false, reason: 'time_limit' });
  expect(render).not.toHaveBeenCalled();
  expect(await gate.run(render, 0)).toEqual({ ok: true, value: 'page' });
  expect(gate.counts()).toMatchObject({ rendered: 1, shell: { queue_full: 0, time_limit: 2, failed: 0 } });
});

test('a render that throws is a failure with its error, and the next one runs', async () => {
  const gate = createRenderGate({ queueMax: 8, timeLimitMs: 1000 });
  const broken = new Error('render failed');
  expect(await gate.run(() => Promise.reject(broken), 0)).toEqual({ ok: false, reason: 'failed', error: broken });
  expect(await gate.run(async () => 'page', 0)).toEqual({ ok: true, value: 'page' });
  expect(gate.counts().shell.failed).toBe(1);
});

test('a queue of 0: a page that would wait is sent to the browser at once', async () => {
  const gate = createRenderGate({ queueMax: 0, timeLimitMs: 60_000 });
  let release = () => {};
  const first = gate.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))), 0);
  await vi.waitFor(() => expect(gate.counts().running).toBe(1));
  expect(await gate.run(async () => 'second', 0)).toEqual({ ok: false, reason: 'queue_full' });
  release();
  expect(await first).toEqual({ ok: true, value: 'first' });
});
