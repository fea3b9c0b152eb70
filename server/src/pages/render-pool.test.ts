import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type PageRenderer, threadRenderer } from './render-pool.ts';

/**
 * Pages rendered on render threads (decision 043), with a stand-in for the frame's server build
 * that asks the main thread for data as the frame's loaders do.
 */
const SERVER_BUILD = `
import { threadId } from 'node:worker_threads';
let warm = 'cold';
export async function prepareRenders() {
  await new Promise((resolve) => setTimeout(resolve, 100));
  warm = 'warm';
}
export async function renderPage(request) {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/exit')) process.exit(3);
  const answer = await request.fetch('/probe?page=' + encodeURIComponent(url.pathname), {
    method: 'POST',
    headers: { 'x-probe': 'yes' },
    body: JSON.stringify({ cookie: request.cookie }),
    signal: request.signal,
  });
  const probe = await answer.json();
  return { kind: 'page', status: answer.status, html: probe.text + ' on ' + warm + ' thread ' + threadId, lang: 'en' };
}
`;

const root = mkdtempSync(path.join(tmpdir(), 'promo-pool-'));
const dist = path.join(root, 'dist');
let renderer: PageRenderer;

beforeAll(() => {
  mkdirSync(dist, { recursive: true });
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), SERVER_BUILD);
  renderer = threadRenderer(dist, { threads: 1, tasksPerThread: 2 });
});

afterAll(async () => {
  await renderer.close();
  rmSync(root, { recursive: true, force: true });
});

/** The main thread's side of a render's API calls: answers once `ready` says so. */
function mainThreadApi(ready: (asked: string[]) => boolean) {
  const asked: string[] = [];
  const waiting: Array<() => void> = [];
  const answer: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://main.test');
    const body = JSON.parse(String(init?.body)) as { cookie: string };
    asked.push(url.searchParams.get('page') ?? '');
    if (!ready(asked)) await new Promise<void>((resolve) => waiting.push(resolve));
    else for (const release of waiting.splice(0)) release();
    const text = `${new Headers(init?.headers).get('x-probe')} ${url.searchParams.get('page')} for ${body.cookie}`;
    return Response.json({ text }, { status: url.searchParams.get('page')?.includes('missing') ? 404 : 200 });
  };
  return { fetch: answer, asked };
}

const page = (pathname: string, fetch: typeof globalThis.fetch, signal = new AbortController().signal) =>
  renderer.render({
    url: `http://frame.test${pathname}`,
    cookie: `c=${pathname}`,
    hostAvailable: false,
    fetch,
    signal,
  });

test('two pages render at once on a thread, warmed before its first, each with its own answers from the main thread', async () => {
  // Neither call is answered until both renders have asked: one at a time would never finish.
  const api = mainThreadApi((asked) => asked.length >= 2);
  const [first, second] = await Promise.all([
    page('/promo-frame/en/a', api.fetch),
    page('/promo-frame/ar/b', api.fetch),
  ]);
  expect(first).toMatchObject({ kind: 'page', status: 200 });
  expect(first).toHaveProperty(
    'html',
    expect.stringMatching(/^yes \/promo-frame\/en\/a for c=\/promo-frame\/en\/a on warm thread \d+$/),
  );
  expect(second).toHaveProperty(
    'html',
    expect.stringMatching(/^yes \/promo-frame\/ar\/b for c=\/promo-frame\/ar\/b on warm thread \d+$/),
  );
  expect(await page('/promo-frame/en/missing', mainThreadApi(() => true).fetch)).toMatchObject({ status: 404 });
});

test('a render given up stops asking and fails; the thread renders the next page', async () => {
  const controller = new AbortController();
  const api = mainThreadApi(() => false);
  const givenUp = page('/promo-frame/en/slow', api.fetch, controller.signal);
  await expect.poll(() => api.asked.length).toBe(1);
  controller.abort();
  await expect(givenUp).rejects.toThrow();
  expect(await page('/promo-frame/en/next', mainThreadApi(() => true).fetch)).toHaveProperty(
    'html',
    expect.stringContaining('/promo-frame/en/next'),
  );
});

test('a thread that dies fails its render; a new thread renders the next page', async () => {
  await expect(page('/promo-frame/en/exit', mainThreadApi(() => true).fetch)).rejects.toThrow();
  expect(await page('/promo-frame/en/after', mainThreadApi(() => true).fetch)).toHaveProperty(
    'html',
    expect.stringContaining('/promo-frame/en/after'),
  );
});
