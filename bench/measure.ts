import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];

/** The headers of a JSON call to the server's API, as the frame and the console send them. */
export const XHR_JSON = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

/** A bench setting from the environment: a positive whole number, or the default. */
export const envInt = (name: string, fallback: number): number => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export interface LighthouseRun {
  fcp: number;
  lcp: number;
  tbt: number;
  /** Time to interactive (Lighthouse's 'interactive'). */
  tti: number;
  cls: number;
  /** Category scores, 0-100 (the floor page is measured for performance alone: NaN). */
  seo: number;
  accessibility: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Per-metric median of several Lighthouse runs. */
export const medianRun = (runs: LighthouseRun[]): LighthouseRun => ({
  fcp: median(runs.map((r) => r.fcp)),
  lcp: median(runs.map((r) => r.lcp)),
  tbt: median(runs.map((r) => r.tbt)),
  tti: median(runs.map((r) => r.tti)),
  cls: median(runs.map((r) => r.cls)),
  seo: median(runs.map((r) => r.seo)),
  accessibility: median(runs.map((r) => r.accessibility)),
});

/** Runs a command and collects its standard output (asynchronously: this process serves the floor page). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString('utf8'))
        : reject(new Error(`${command} exited ${code}: ${Buffer.concat(err).toString('utf8').slice(-500)}`)),
    );
  });
}

/** One Lighthouse mobile performance run in Debian's Chromium (docs/performance.md method). */
async function lighthouseOnce(url: string, root: string): Promise<LighthouseRun> {
  const profile = mkdtempSync(path.join(tmpdir(), 'lh-'));
  try {
    const stdout = await run(
      path.join(root, 'node_modules', '.bin', 'lighthouse'),
      [
        url,
        '--only-categories=performance,seo,accessibility',
        '--output=json',
        '--quiet',
        `--chrome-flags=${[...CHROME_FLAGS, `--user-data-dir=${profile}`].join(' ')}`,
      ],
      { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    );
    const report = JSON.parse(stdout) as {
      audits: Record<string, { numericValue: number }>;
      categories: Record<string, { score: number | null } | undefined>;
    };
    const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    const score = (id: string) => Math.round((report.categories[id]?.score ?? Number.NaN) * 100);
    return {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      tti: value('interactive'),
      cls: value('cumulative-layout-shift'),
      seo: score('seo'),
      accessibility: score('accessibility'),
    };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * One Lighthouse run; a run that Lighthouse itself aborts (NO_NAVSTART and other trace hiccups of
 * headless Chromium) is repeated up to twice instead of ending a ten-minute bench.
 */
export async function lighthouse(url: string, root: string, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, root);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stderr.write(
        `[bench] lighthouse failed on ${url} (attempt ${attempt}), repeating: ${String(error).slice(0, 200)}\n`,
      );
    }
  }
}

/**
 * Milliseconds from the embedded frame's first paint to the host receiving its first height
 * message, or null when the frame sends none within five seconds.
 */
export async function firstHeightMessageDelay(hostUrl: string): Promise<number | null> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { heightAt?: number };
      window.addEventListener('message', (event) => {
        const type = (event.data as { type?: unknown } | null)?.type;
        if (w.heightAt === undefined && typeof type === 'string' && /height/i.test(type)) {
          w.heightAt = performance.timeOrigin + performance.now();
        }
      });
    });
    await page.goto(hostUrl);
    const frame = page.frameLocator('iframe');
    await frame.locator('h1').first().waitFor({ timeout: 15_000 });
    const heightAt = await page
      .waitForFunction(() => (window as unknown as { heightAt?: number }).heightAt, undefined, { timeout: 5000 })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => null);
    if (heightAt === null) return null;
    const paintAt = await frame.locator('html').evaluate(() => {
      const paint = performance.getEntriesByName('first-paint')[0];
      return paint ? performance.timeOrigin + paint.startTime : null;
    });
    return paintAt === null ? null : heightAt - paintAt;
  } finally {
    await browser.close();
  }
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** A bounded loopback load: 10 connections for `seconds`, then it stops by itself. */
export async function load(
  name: string,
  url: string,
  seconds: number,
  options: Partial<autocannon.Options> = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections: 10, duration: seconds, ...options });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The value at quantile `q` (0-1) of ascending `sorted` values, by nearest rank. */
const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

/** One visitor's request in a paced load (a GET of `path` when only that is given). */
export interface PacedRequest {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Visitors arriving at an even pace, `rate` a second, one for each of `requests` in turn (an open
 * loop): the i-th is due `i / rate` s after the start and its time counts from then, so a slow
 * answer holds up no later visitor and no wait is hidden (a visitor the generator sent late still
 * counts from when it was due). At most `connections` requests are open at once (a kept-alive
 * pool; a visitor may wait for a socket, and that wait counts), and one not answered in full
 * `timeoutMs` after it was due counts as an error. Bounded by the requests given.
 *
 * autocannon's overall rate cannot measure this: each connection sends its share of a second at
 * once when the second begins (bursts of the whole rate), and its coordinated-omission correction
 * takes 1 ms for every connection's expected interval, recording one made-up sample per millisecond
 * of each slow answer (a page rendered in 300 ms became 300 samples: the tail was the tool's).
 */
export async function pacedLoad(
  name: string,
  base: string,
  requests: readonly PacedRequest[],
  options: { rate: number; connections: number; timeoutMs: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let lastEnd = 0;
  const visit = ({ path, method = 'GET', headers = {}, body }: PacedRequest, due: number) =>
    new Promise<void>((resolve) => {
      // Timed from when it was due, or from when it was sent if that was earlier (a timer's
      // granularity lets it go up to a millisecond early).
      const from = Math.min(due, performance.now());
      let settled = false;
      const done = (failed: boolean, status = 0) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        lastEnd = performance.now();
        if (failed) errors += 1;
        else {
          times.push(lastEnd - from);
          if (status < 200 || status > 299) non2xx += 1;
        }
        resolve();
      };
      const request = http.request(`${base}${path}`, { agent, method, headers }, (response) => {
        response.resume();
        response.on('end', () => done(false, response.statusCode ?? 0));
        response.on('error', () => done(true));
      });
      request.on('error', () => done(true));
      // From when it was due, whether it waited for a socket or its answer trickles in.
      const timer = setTimeout(
        () => {
          request.destroy(new Error('timed out'));
          done(true);
        },
        Math.max(0, from + options.timeoutMs - performance.now()),
      );
      request.end(body);
    });
  const started = performance.now();
  const answers: Array<Promise<void>> = [];
  try {
    for (const [i, request] of requests.entries()) {
      const due = started + (i * 1000) / options.rate;
      const ahead = due - performance.now();
      if (ahead >= 1) await new Promise((resolve) => setTimeout(resolve, ahead));
      answers.push(visit(request, due));
    }
    await Promise.all(answers);
  } finally {
    agent.destroy();
  }
  const sorted = times.sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: (times.length * 1000) / Math.max(1, lastEnd - started),
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    non2xx,
    errors,
  };
}

export { startServer } from '../scripts/reference-server.ts';

/** Bytes of a page's HTML as the server sends it to a browser that accepts brotli, and raw. */
export function pageHtmlBytes(
  url: string,
): Promise<{ brotli: number; raw: number; status: number; scripts: string[] }> {
  const get = (encoding: string) =>
    new Promise<{ bytes: number; status: number; text: string }>((resolve, reject) => {
      const request = http.get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ bytes: body.length, status: response.statusCode ?? 0, text: body.toString('utf8') });
        });
      });
      request.on('error', reject);
      request.setTimeout(10_000, () => request.destroy(new Error(`${url} timed out`)));
    });
  return Promise.all([get('br'), get('identity')]).then(([br, raw]) => ({
    brotli: br.bytes,
    raw: raw.bytes,
    status: br.status,
    scripts: pageScripts(raw.text),
  }));
}

/**
 * The JS files a server-rendered page loads to hydrate (its first view): its module preloads and
 * what its start-up script loads (the entry and the preloads in its data block), as paths under
 * the frame's base. A client-rendered shell names its entry in a script tag instead.
 */
export function pageScripts(html: string): string[] {
  const files = new Set<string>();
  const add = (href: string) => {
    if (href.endsWith('.js')) files.add(href.replace(/^.*?\/assets\//, 'assets/'));
  };
  for (const [, href = ''] of html.matchAll(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"/g)) add(href);
  for (const [, src = ''] of html.matchAll(/<script type="module"[^>]*\bsrc="([^"]+)"/g)) add(src);
  const block = html.match(/<script type="application\/json" id="promo-page-modules">([^<]*)<\/script>/)?.[1];
  if (block) {
    const { entry, preloads } = JSON.parse(block) as { entry?: string; preloads?: string[] };
    for (const href of [...(entry ? [entry] : []), ...(preloads ?? [])]) add(href);
  }
  return [...files].sort();
}
