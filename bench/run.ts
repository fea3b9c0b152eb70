/**
 * `npm run bench`: builds the frame and a React-only floor, then reports side by side, in one
 * run: bytes per page type against the budgets, Lighthouse mobile medians of 3, the embed's first
 * height message, and the reference server under a short loopback load; last, the server's
 * throughput beside this machine's limits (throughput.ts, its own section) and its visitor pages
 * beside theirs (pages.ts). Writes bench/results.md.
 */
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileSizes, kb, pageSizes, readManifest } from './bundle-sizes.ts';
import { consoleListBench } from './console-list.ts';
import { idempotentSpinUnderLoad } from './idempotent-write.ts';
import {
  firstHeightMessageDelay,
  type LighthouseRun,
  lighthouse,
  load,
  medianRun,
  pageHtmlBytes,
  startServer,
} from './measure.ts';
import { BUDGETS, PAGE_TYPES } from './page-types.ts';
import { visitorPages } from './pages.ts';
import { writeResults, writeResultsSection } from './results-file.ts';
import { serveStatic } from './static-server.ts';
import { serverThroughput } from './throughput.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER_PORT = 8290;
const FLOOR_PORT = 8291;
const RUNS = 3;
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

log('building the frame and the React-only floor');
execSync('npm run build --workspace frame', { cwd: root, stdio: 'ignore' });
execSync('npx vite build --config bench/floor/vite.config.ts', { cwd: root, stdio: 'ignore' });
const frameDist = path.join(root, 'frame', 'dist');
const floorDist = path.join(root, 'bench', '.floor-dist');

const frameManifest = readManifest(frameDist);
const floorManifest = readManifest(floorDist);
const sizes = Object.fromEntries(
  Object.entries(PAGE_TYPES).map(([name, { family }]) => [name, pageSizes(frameDist, frameManifest, family)]),
);
const floorSizes = pageSizes(floorDist, floorManifest);
const initialSizes = pageSizes(frameDist, frameManifest);

const server = await startServer(root, SERVER_PORT);
const floorServer = await serveStatic(floorDist, FLOOR_PORT);
try {
  log('server-rendered HTML per page type');
  const htmlSizes: Record<string, Awaited<ReturnType<typeof pageHtmlBytes>>> = {};
  for (const [name, { path: pagePath }] of Object.entries(PAGE_TYPES)) {
    htmlSizes[name] = await pageHtmlBytes(`http://127.0.0.1:${SERVER_PORT}${pagePath}`);
  }
  // What each page's HTML loads to hydrate, as a browser fetches it.
  const firstView = Object.fromEntries(
    Object.entries(htmlSizes).map(([name, h]) => [
      name,
      {
        files: h.scripts.length,
        brotli: h.scripts.reduce((sum, file) => sum + fileSizes(frameDist, file).brotli, 0),
      },
    ]),
  );
  const targets: Record<string, string> = { 'react-only floor': `http://127.0.0.1:${FLOOR_PORT}/` };
  for (const [name, { path: pagePath }] of Object.entries(PAGE_TYPES)) {
    // Lighthouse refuses to measure a document answered with an error status (the 404 page).
    if (htmlSizes[name]?.status === 200) targets[name] = `http://127.0.0.1:${SERVER_PORT}${pagePath}`;
  }
  const unmeasured = Object.keys(PAGE_TYPES).filter((name) => !(name in targets));
  const runs: Record<string, LighthouseRun[]> = Object.fromEntries(Object.keys(targets).map((n) => [n, []]));
  // Rounds alternate the targets so drift over the run hits all of them alike.
  for (let round = 1; round <= RUNS; round += 1) {
    for (const [name, url] of Object.entries(targets)) {
      log(`lighthouse round ${round}/${RUNS}: ${name}`);
      runs[name]?.push(await lighthouse(url, root));
    }
  }
  const medians = Object.fromEntries(Object.entries(runs).map(([name, r]) => [name, medianRun(r)]));

  log('embed: first paint to first height message');
  const heightDelay = await firstHeightMessageDelay(`http://localhost:${SERVER_PORT}/demo-host/`);

  log('server load (3 s per endpoint, 10 connections)');
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  const loads = [
    await load('GET config (en)', `${base}/promo-frame/bff-api/config/all.json?lang=en`, 3),
    await load('GET config (ar)', `${base}/promo-frame/bff-api/config/all.json?lang=ar`, 3),
    await load('GET gettoken (visitor, no row written)', `${base}/web-api/user/gettoken?force_refresh=true`, 3),
    await load('GET promotion (read)', `${base}/web-api/external-api/promotions/137`, 3),
  ];
  const write = await idempotentSpinUnderLoad(base, 3);
  loads.push(write.load);

  const floor = medians['react-only floor'];
  const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? 'n/a' : `${Math.round(v)}`);
  const mark = (ok: boolean) => (ok ? 'ok' : '**over**');
  const lines = [
    '# Bench results',
    '',
    `Run ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}, ${RUNS} Lighthouse runs per target (median), Debian Chromium. Regenerate with \`npm run bench\`.`,
    '',
    '## Bytes per page type (first-paint JS = initial chunks + the page chunks; the gate is on the initial chunks, decision 006; KB = 1024 bytes)',
    '',
    `Initial chunks (every page type): ${kb(initialSizes.js.brotli)} KB brotli, budget ${kb(BUDGETS.initialJs)}: ${mark(initialSizes.js.brotli <= BUDGETS.initialJs)}. Each lazy chunk <= ${kb(BUDGETS.lazyChunk)} KB is checked by \`npm test\`.`,
    '',
    `First-view JS: every JS file the page's server-rendered HTML loads to hydrate (its module preloads and its start-up script's list), brotli; budget ${kb(BUDGETS.firstViewJs)} KB (../shared/PERFORMANCE.md). The stack's own floor (React, react-router data mode, react-query, i18next, zustand) is 112.8 KB there (decision 046).`,
    '',
    '| page type | first-paint JS raw | gzip | brotli | first-view JS brotli | files | CSS brotli | verdict |',
    '|---|---|---|---|---|---|---|---|',
    `| react-only floor | ${kb(floorSizes.js.raw)} | ${kb(floorSizes.js.gzip)} | ${kb(floorSizes.js.brotli)} | ${kb(floorSizes.js.brotli)} | 1 | ${kb(floorSizes.css.brotli)} | |`,
    ...Object.entries(sizes).map(([name, s]) => {
      const view = firstView[name];
      const viewOk = view === undefined || view.brotli <= BUDGETS.firstViewJs;
      return `| ${name} | ${kb(s.js.raw)} | ${kb(s.js.gzip)} | ${kb(s.js.brotli)} | ${view ? kb(view.brotli) : 'n/a'} | ${view?.files ?? 'n/a'} | ${kb(s.css.brotli)} | ${mark(s.css.brotli <= BUDGETS.css && viewOk)} |`;
    }),
    '',
    '## Lighthouse mobile, medians (ms; CLS unitless; scores 0-100)',
    '',
    'Budgets (../shared/PERFORMANCE.md, issue 41): FCP <= the floor FCP; LCP <= 1200 ms and <= 1.15 x the floor LCP; TBT <= 100 ms; TTI <= 1.3 x the floor TTI; CLS 0; SEO 100; accessibility 100. The pages are rendered on the server (decision 022) and hydrate in a transition (decision 046).',
    '',
    '| target | FCP | FCP / floor | LCP | LCP / floor | TBT | TTI | TTI / floor | CLS | SEO | a11y | verdict |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(medians).map(([name, m]) => {
      const fcpRatio = floor ? m.fcp / floor.fcp : Number.NaN;
      const lcpRatio = floor ? m.lcp / floor.lcp : Number.NaN;
      const ttiRatio = floor ? m.tti / floor.tti : Number.NaN;
      const isFloor = name === 'react-only floor';
      const ok =
        isFloor ||
        (fcpRatio <= 1 &&
          m.lcp <= 1200 &&
          lcpRatio <= 1.15 &&
          m.tbt <= 100 &&
          ttiRatio <= 1.3 &&
          m.cls === 0 &&
          m.seo === 100 &&
          m.accessibility === 100);
      return `| ${name} | ${ms(m.fcp)} | ${fcpRatio.toFixed(2)} | ${ms(m.lcp)} | ${lcpRatio.toFixed(2)} | ${ms(m.tbt)} | ${ms(m.tti)} | ${ttiRatio.toFixed(2)} | ${m.cls.toFixed(3)} | ${m.seo} | ${m.accessibility} | ${mark(ok)} |`;
    }),
    ...(unmeasured.length > 0
      ? [
          '',
          `Not measured (Lighthouse does not load a document answered with an error status): ${unmeasured.join(', ')}.`,
        ]
      : []),
    '',
    `## Server-rendered HTML per page type (as sent to a browser that accepts brotli; budget ${kb(BUDGETS.html)} KB)`,
    '',
    '| page type | status | raw KB | brotli KB | verdict |',
    '|---|---|---|---|---|',
    ...Object.entries(htmlSizes).map(
      ([name, h]) => `| ${name} | ${h.status} | ${kb(h.raw)} | ${kb(h.brotli)} | ${mark(h.brotli <= BUDGETS.html)} |`,
    ),
    '',
    '## Embedded frame',
    '',
    heightDelay === null
      ? '- First height message: **not sent** within 5 s. Budget: within 300 ms of first paint.'
      : `- First height message ${Math.abs(Math.round(heightDelay))} ms ${heightDelay < 0 ? 'before' : 'after'} the frame's first paint (budget: within 300 ms after it): ${mark(heightDelay <= 300)}.`,
    '',
    '## Reference server under load (loopback, 10 connections, 3 s each)',
    '',
    '| endpoint | req/s | p50 ms | p99 ms | non-2xx | errors |',
    '|---|---|---|---|---|---|',
    ...loads.map(
      (l) => `| ${l.name} | ${Math.round(l.requestsPerSecond)} | ${l.p50} | ${l.p99} | ${l.non2xx} | ${l.errors} |`,
    ),
    '',
    `Idempotent write: ${Math.round(write.load.requestsPerSecond * 3)} spin requests with one Idempotency-Key recorded ${write.spinsRecorded} spin and took ${write.spinsTaken} spin from the player: ${mark(write.spinsRecorded === 1 && write.spinsTaken === 1)} (must both be 1).`,
    '',
  ];
  // The sections other scripts own (the similarity measure, the load test) stay as they were.
  writeResults(lines);
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  server.kill();
  floorServer.close();
}

// With the servers above stopped, so that they take no CPU from it.
log('server throughput: limits, config, spins, two processes (about 8 minutes)');
const throughput = await serverThroughput();
writeResultsSection('throughput', throughput.lines);
process.stdout.write(`\n${throughput.lines.join('\n')}\n`);
// A doubled or lost write or an unbalanced ledger fails the bench.
if (throughput.failed) process.exitCode = 1;

log(
  'visitor pages: the page cache against the bare-bytes limit, cache-miss renders, a campaign spike (about 6 minutes)',
);
const pages = await visitorPages();
writeResultsSection('pages', pages.lines);
process.stdout.write(`\n${pages.lines.join('\n')}\n`);
// An error in the spike or a page still served after its unpublish fails the bench.
if (pages.failed) process.exitCode = 1;

log('console: the promotions list with 10,000 promotions, on PGlite and PostgreSQL (about 14 minutes)');
const consoleList = await consoleListBench();
writeResultsSection('console-list', consoleList.lines);
process.stdout.write(`\n${consoleList.lines.join('\n')}\n`);
if (consoleList.failed) process.exitCode = 1;
