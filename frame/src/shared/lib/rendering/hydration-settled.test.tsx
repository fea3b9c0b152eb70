import { act, lazy, type ReactNode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { SSR_DATA_ID } from './ssr.ts';

// The module keeps whether the page has settled (once true, for good): a fresh one per test.
const fresh = async () => ({
  ...(await import('./hydration-settled.ts')),
  ...(await import('./hydrating-suspense.tsx')),
});

const serverRendered = () =>
  document.body.append(Object.assign(document.createElement('script'), { id: SSR_DATA_ID, type: 'application/json' }));
const Footer = () => <p>Licensed in Curaçao</p>;
/** The app's ready mark: `<html data-frame-ready>` once the root has committed. */
function Ready({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.frameReady = '';
  }, []);
  return children;
}
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-frame-ready');
  vi.useRealTimers();
});

test('a page rendered in the browser has nothing to hydrate', async () => {
  const { hydrationIsSettled, hydrationSettled } = await fresh();
  expect(hydrationIsSettled()).toBe(true);
  await expect(hydrationSettled()).resolves.toBeUndefined();
});

test('a server-rendered page settles once it has hydrated and its deferred parts are in', async () => {
  const { deferredPart, hydrationIsSettled, hydrationSettled } = await fresh();
  serverRendered();
  let release = () => {};
  deferredPart(new Promise<void>((resolve) => (release = resolve)));
  let settled = false;
  const settling = hydrationSettled().then(() => (settled = true));
  expect(hydrationIsSettled()).toBe(false);
  // Hydrated, but the footer's code is still on its way: not settled.
  document.documentElement.setAttribute('data-frame-ready', '');
  await tick(100);
  expect(settled).toBe(false);
  release();
  await settling;
  expect(hydrationIsSettled()).toBe(true);
});

test('a server-rendered boundary holds the page until its content has hydrated, however long its code takes', async () => {
  // The server's modules and the browser's are not the same instances.
  const server = await fresh();
  vi.resetModules();
  const { HydratingSuspense, hydrationIsSettled, hydrationSettled } = await fresh();
  const page = (footer: ReactNode, Boundary = HydratingSuspense) => (
    <Ready>
      <h1>Spin the wheel</h1>
      <Boundary fallback={null}>{footer}</Boundary>
    </Ready>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(<Footer />, server.HydratingSuspense));
  document.body.append(container);
  serverRendered();

  let deliver: (module: { default: typeof Footer }) => void = () => {};
  const LazyFooter = lazy(() => new Promise<{ default: typeof Footer }>((resolve) => (deliver = resolve)));
  let settled = false;
  const settling = hydrationSettled().then(() => (settled = true));
  const errors = vi.spyOn(console, 'error');
  await act(async () => {
    hydrateRoot(container, page(<LazyFooter />));
  });
  // The root has committed; the footer is still the server's markup, waiting for its code.
  expect(document.documentElement.hasAttribute('data-frame-ready')).toBe(true);
  await tick(200);
  expect(hydrationIsSettled()).toBe(false);
  expect(settled).toBe(false);
  await act(async () => {
    deliver({ default: Footer });
  });
  await settling;
  expect(hydrationIsSettled()).toBe(true);
  expect(container.querySelector('p')?.textContent).toBe('Licensed in Curaçao');
  expect(errors).not.toHaveBeenCalled();
});

test('a boundary whose content never commits holds the page no longer than the limit', async () => {
  const { boundaryMounted, hydrationSettled, SETTLE_LIMIT_MS } = await fresh();
  vi.useFakeTimers();
  serverRendered();
  boundaryMounted('a boundary whose code never comes');
  document.documentElement.setAttribute('data-frame-ready', '');
  let settled = false;
  const settling = hydrationSettled().then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(SETTLE_LIMIT_MS - 1);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await settling;
  expect(settled).toBe(true);
});
