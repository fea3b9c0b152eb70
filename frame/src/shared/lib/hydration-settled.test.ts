import { afterEach, expect, test } from 'vitest';
import { deferredPart, hydrationIsSettled, hydrationSettled } from './hydration-settled.ts';
import { SSR_DATA_ID } from './ssr.ts';

afterEach(() => {
  document.getElementById(SSR_DATA_ID)?.remove();
  document.documentElement.removeAttribute('data-frame-ready');
});

test('a page rendered in the browser has nothing to hydrate', async () => {
  expect(hydrationIsSettled()).toBe(true);
  await expect(hydrationSettled()).resolves.toBeUndefined();
});

test('a server-rendered page settles once it has hydrated and its deferred parts are in', async () => {
  const data = Object.assign(document.createElement('script'), { id: SSR_DATA_ID, type: 'application/json' });
  document.body.append(data);
  let release = () => {};
  deferredPart(new Promise<void>((resolve) => (release = resolve)));
  let settled = false;
  const settling = hydrationSettled().then(() => (settled = true));
  expect(hydrationIsSettled()).toBe(false);
  // Hydrated, but the footer's code is still on its way: not settled.
  document.documentElement.setAttribute('data-frame-ready', '');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(settled).toBe(false);
  release();
  await settling;
  expect(hydrationIsSettled()).toBe(true);
});
