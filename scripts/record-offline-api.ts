/**
 * `npm run offline:record`: records what the reference server answers the frame, for the dev
 * server's offline mode (frame/mock-api/offline). It starts the server on loopback with its seeded
 * data, signs the demo player in (as the app does), walks the frame in Chromium through every page
 * type and every promotion (each reached by a client-side move, so the browser asks for the page's
 * data itself), and writes each JSON answer to frame/mock-api/offline/recorded.json. Needs
 * `npm run build` first. The offline handlers check every answer against the contract when they
 * load it.
 */
import { writeFileSync } from 'node:fs';
import { chromium, type Request } from '@playwright/test';
import { PROMO_REGISTRY } from '@promo/contract';
import { demoUser } from '../server/src/seed/demo-players.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { startServer } from './reference-server.ts';

/**
 * One answer: the request's method, path and query under /web-api or /promo-frame/bff-api, and its
 * JSON (the shape frame/mock-api/offline/handlers.ts reads).
 */
interface RecordedAnswer {
  method: 'GET' | 'POST';
  url: string;
  status: number;
  body: unknown;
}

const PORT = Number(process.env.RECORD_PORT ?? 8199);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FRAME = '/promo-frame';
const OUTPUT = new URL('../frame/mock-api/offline/recorded.json', import.meta.url);

/** Every page type of the frame (frame/e2e/layout-pages.ts), then every promotion. */
const PAGES = [
  '/en',
  '/en/promotion',
  '/en/lotto',
  '/en/lotto/game/powerball',
  '/en/lotto/results',
  '/en/lotto/results/powerball',
  '/en/lotto/info/GER6',
  '/en/lotto/tickets',
  '/en/banner',
  '/en/landing/summer-cup',
  '/en/summer-cup',
  '/en/bonus/welcome',
  '/en/betsonyour/live',
  ...PROMO_REGISTRY.map((entry) => `/en/promotion/${entry.name}`),
];

/** Telemetry: its answers say nothing (the offline mode takes it without a word). */
const SKIPPED = /\/analytics\//;

async function record(): Promise<RecordedAnswer[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: ORIGIN });
    // The demo player, signed in as the mobile app signs in (the frame in a plain browser asks its
    // host to sign in, and there is no host here).
    await context.addCookies([{ name: 'app_auth_token', value: demoUser('demo.player').appToken, url: ORIGIN }]);
    const page = await context.newPage();
    // Requests under way: a page has all its answers once none has been for half a second. A live
    // stream (the leaderboard's event source) stays open by design and does not count.
    const underWay = new Set<Request>();
    page.on('request', (request) => {
      if (request.resourceType() !== 'eventsource') underWay.add(request);
    });
    const settled = (request: Request) => {
      underWay.delete(request);
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    const quiet = async () => {
      const deadline = Date.now() + 15_000;
      let since = Date.now();
      while (Date.now() - since < 500) {
        if (Date.now() > deadline) throw new Error(`${page.url()}: requests still under way after 15 s`);
        await page.waitForTimeout(50);
        if (underWay.size > 0) since = Date.now();
      }
    };
    const answers = new Map<string, RecordedAnswer>();
    const pending: Array<Promise<void>> = [];
    page.on('response', (response) => {
      const request = response.request();
      const url = new URL(response.url());
      const local = url.pathname + url.search;
      if (!/^\/(web-api|promo-frame\/bff-api)\//.test(url.pathname) || SKIPPED.test(url.pathname)) return;
      if (!(response.headers()['content-type'] ?? '').includes('json')) return;
      const method = request.method() as RecordedAnswer['method'];
      pending.push(
        response.json().then(
          (body) => {
            answers.set(`${method} ${local}`, { method, url: local, status: response.status(), body });
          },
          () => undefined,
        ),
      );
    });
    await page.goto(`${FRAME}/en/mobile-app/bonus200`);
    await page.getByTestId('account-balance').waitFor();
    for (const path of PAGES) {
      // A client-side move, as a player's tap on a link (this script is not compiled with the DOM's types).
      await page.evaluate(
        `history.pushState({}, '', ${JSON.stringify(FRAME + path)}); dispatchEvent(new PopStateEvent('popstate'))`,
      );
      await quiet();
    }
    await Promise.all(pending);
    return [...answers.values()].sort((a, b) =>
      a.url < b.url ? -1 : a.url > b.url ? 1 : a.method < b.method ? -1 : 1,
    );
  } finally {
    await browser.close();
  }
}

if (import.meta.main) {
  const server = await startServer(new URL('..', import.meta.url).pathname, PORT);
  try {
    const answers = await record();
    // One answer per line: a new recording's diff shows which answers changed.
    writeFileSync(OUTPUT, `[\n${answers.map((answer) => JSON.stringify(answer)).join(',\n')}\n]\n`);
    process.stdout.write(`${answers.length} answers written to ${OUTPUT.pathname}\n`);
  } finally {
    server.kill();
  }
}
