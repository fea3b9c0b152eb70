import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { readSettings } from '../settings.ts';
import { readFrameIndex, templatePreparer, withRenderedPage, withStyleSource } from './document.ts';
import { registerPageRoutes } from './page-routes.ts';
import { createRenderGate, type RenderGate } from './render-gate.ts';

/**
 * How the server puts the frame's server render into index.html (decision 022), with a stand-in
 * for the frame's server build: what it is asked, and what the page becomes.
 */
const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title>Promotions</title>
  </head>
  <body>
    <div id="root"><!--root-start--><div class="boot-splash"></div><!--root-end--></div>
    <script type="module" crossorigin src="/promo-frame/assets/index-1.js"></script>
    <!--page-modules-->
    <script>/* start-up */</script>
    <link rel="stylesheet" crossorigin href="/promo-frame/assets/index-1.css">
  </body>
</html>`;

/** The stand-in: renders by path; it also calls the API it is given, as the frame's loaders do. */
const SERVER_BUILD = `
export async function renderPage(request) {
  const url = new URL(request.url);
  globalThis.lastPageRequest = { ...request, fetch: undefined };
  if (url.pathname.endsWith('/broken')) throw new Error('render failed');
  if (url.pathname.endsWith('/mobile-app/x')) return { kind: 'client' };
  if (url.pathname.endsWith('/slow')) {
    // Waits until the test lets it go, or until the server gives it up (its signal).
    await new Promise((resolve) => {
      globalThis.slowRenders.push(resolve);
      request.signal?.addEventListener('abort', () => {
        globalThis.givenUp += 1;
        resolve();
      });
    });
  }
  const api = await request.fetch('/api-probe?x=1', { headers: { 'x-probe': 'yes' } });
  const probe = await api.json();
  const ar = url.pathname.startsWith('/promo-frame/ar');
  return {
    kind: 'page',
    status: url.pathname.includes('missing') ? 404 : 200,
    lang: ar ? 'ar' : 'en',
    dir: ar ? 'rtl' : 'ltr',
    head: {
      title: 'Wheel <Bet> | Promotions',
      description: 'Spin "the" wheel & win',
      canonical: url.origin + '/promo-frame/en/promotion/wheel-bet',
      alternates: [{ lang: 'en', href: url.origin + '/promo-frame/en/x' }, { lang: 'ar', href: url.origin + '/promo-frame/ar/x' }],
      locale: ar ? 'ar' : 'en',
      siteName: 'Promotions',
    },
    html: '<main><h1>Wheel Bet</h1><p>' + probe.answer + '</p></main>',
    dataScript: '<script type="application/json" id="promo-ssr-data">{"now":1}</script>',
    ...(url.pathname.includes('no-config') ? {} : { configUrl: '/promo-frame/bff-api/config/all.json?lang=' + (ar ? 'ar' : 'en') }),
    ...(url.pathname.includes('/lotto') ? { dictionaryUrls: ['/promo-frame/bff-api/dictionary/lotto.json?lang=en'] } : {}),
  };
}
`;

const CSS = 'h1{color:gold}';

const root = mkdtempSync(path.join(tmpdir(), 'promo-ssr-'));
const dist = path.join(root, 'dist');
let app: FastifyInstance;
const logged: string[] = [];
// Each test reads only what it logged itself: the tests run in a shuffled order.
beforeEach(() => {
  logged.length = 0;
});

/** A server of the frame's pages with the stand-in build, logging to `lines`. */
async function pageServer(lines: string[], gate?: RenderGate): Promise<FastifyInstance> {
  const server = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
  });
  await server.register(fastifyCookie);
  // What helmet sets on every answer (app.ts): a page's own style source is added to it.
  server.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', "default-src 'self';style-src 'self'");
  });
  server.get('/api-probe', async (request) => ({ answer: `api said ${request.headers['x-probe']}` }));
  // In this thread: the stand-in reports through globalThis (render threads: render-pool.test.ts).
  const settings = readSettings({ RENDER_THREADS: '0' }, { frameDist: dist });
  await registerPageRoutes(server, settings, await readFrameIndex(settings), undefined, gate);
  return server;
}

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-1.css'), CSS);
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), SERVER_BUILD);
  Object.assign(globalThis, { slowRenders: [], givenUp: 0 });
  app = await pageServer(logged);
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const lastRequest = () => (globalThis as { lastPageRequest?: Record<string, unknown> }).lastPageRequest;

describe('a server-rendered page', () => {
  test('the markup replaces the splash; language, direction, title and the link card are in the head', async () => {
    const response = await app.inject({ url: '/promo-frame/ar/promotion/wheel-bet' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const html = response.body;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<title>Wheel &lt;Bet&gt; | Promotions</title>');
    expect(html).toContain('<div id="root"><main><h1>Wheel Bet</h1><p>api said yes</p></main></div>');
    expect(html).not.toContain('boot-splash');
    expect(html).toContain('<meta name="description" content="Spin &quot;the&quot; wheel &amp; win" />');
    expect(html).toContain('<meta property="og:title" content="Wheel &lt;Bet&gt; | Promotions" />');
    expect(html).toContain('<meta property="og:locale" content="ar" />');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/promo-frame\/en\/promotion\/wheel-bet" \/>/);
    expect(html).toMatch(/<link rel="alternate" hreflang="ar" href="[^"]+\/promo-frame\/ar\/x" \/>/);
    // Its first paint waits for the HTML alone (decision 023): its styles are inline in the head,
    // allowed by their hash in the page's CSP; their link stays, disabled, so the frame's code
    // loader does not fetch them again; its data goes before </body>.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<style>${CSS}</style>`);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/promo-frame/assets/index-1.css" disabled />');
    expect(html.match(/index-1\.css/g)).toHaveLength(1);
    const hash = createHash('sha256').update(CSS).digest('base64');
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`style-src [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
    expect(html).toMatch(/<script type="application\/json" id="promo-ssr-data">\{"now":1\}<\/script>\n\s*<\/body>/);
    // Its code and its config are not in the head: the start-up script loads them, named in the
    // block before it, once the page has painted.
    expect(head).not.toContain('index-1.js');
    expect(head).not.toContain('config/all.json');
    expect(html).toContain(
      '<script type="application/json" id="promo-page-modules">{"entry":"/promo-frame/assets/index-1.js","preloads":[],"fetches":["/promo-frame/bff-api/config/all.json?lang=ar"]}</script>\n    <script>/* start-up */</script>',
    );
    expect(html.match(/index-1\.js/g)).toHaveLength(1);
  });

  test("a page's dictionary units are fetched after its config, before it hydrates", async () => {
    const html = (await app.inject({ url: '/promo-frame/en/lotto' })).body;
    expect(html).toContain(
      '"fetches":["/promo-frame/bff-api/config/all.json?lang=en","/promo-frame/bff-api/dictionary/lotto.json?lang=en"]',
    );
  });

  test('a page rendered without a config (its error page) has no config to fetch', async () => {
    const html = (await app.inject({ url: '/promo-frame/en/no-config' })).body;
    expect(html).toContain('"fetches":[]');
    expect(html).not.toContain('config/all.json');
  });

  test('a page of an index.html without the start-up mark keeps its code and config preload in the head', () => {
    const template = INDEX.replace('<!--page-modules-->', '');
    const page = {
      kind: 'page' as const,
      status: 200,
      lang: 'en',
      dir: 'ltr' as const,
      head: { title: 'T', description: 'D', canonical: 'c', alternates: [], locale: 'en', siteName: 'S' },
      html: '<main>x</main>',
      dataScript: '',
      configUrl: '/promo-frame/bff-api/config/all.json?lang=en',
      dictionaryUrls: ['/promo-frame/bff-api/dictionary/promotions.json?lang=en'],
    };
    const { html } = withRenderedPage(templatePreparer(() => undefined)(template), page);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/promo-frame/bff-api/config/all.json?lang=en" />',
    );
    expect(head).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/promo-frame/bff-api/dictionary/promotions.json?lang=en" />',
    );
    expect(html).toContain('<script type="module" crossorigin src="/promo-frame/assets/index-1.js"></script>');
    expect(html).not.toContain('promo-page-modules');
    // A stylesheet it cannot read stays a link, enabled.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/promo-frame/assets/index-1.css" />');
  });

  test('a CSP gains a source in style-src only', () => {
    expect(withStyleSource("default-src 'self';style-src 'self';style-src-attr 'unsafe-inline'", "'sha256-x'")).toBe(
      "default-src 'self';style-src 'self' 'sha256-x';style-src-attr 'unsafe-inline'",
    );
  });

  test("the render is asked with the page URL, the visitor's cookie (the language) and whether a host frames it", async () => {
    await app.inject({
      url: '/promo-frame/en/lotto',
      headers: { cookie: 'user_token=t; language=ar; promo_sid=s', 'sec-fetch-dest': 'iframe' },
    });
    // A player's session and token never reach a render: every page is a visitor's (decision 044).
    expect(lastRequest()).toMatchObject({
      url: expect.stringMatching(/^http:\/\/[^/]+\/promo-frame\/en\/lotto$/),
      cookie: 'language=ar',
      hostAvailable: true,
    });
    await app.inject({ url: '/promo-frame/en/lotto', headers: { cookie: 'app_auth_token=t' } });
    expect(lastRequest()).toMatchObject({ hostAvailable: true });
    await app.inject({ url: '/promo-frame/en/lotto', headers: { 'sec-fetch-dest': 'document' } });
    expect(lastRequest()).toMatchObject({ hostAvailable: false, cookie: '' });
  });

  test("the render's status is the page's (404); a page that runs in the browser gets the shell", async () => {
    expect((await app.inject({ url: '/promo-frame/en/missing' })).statusCode).toBe(404);
    const shell = await app.inject({ url: '/promo-frame/en/mobile-app/x' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('boot-splash');
    expect(shell.body).toMatch(
      /<link rel="preload" as="fetch" crossorigin="anonymous" href="[^"]*config\/all\.json\?lang=en"/,
    );
    expect(logged.join('')).not.toContain('server render failed');
  });

  test('a render that fails is logged and the page renders in the browser: the splash, the config preloaded', async () => {
    const response = await app.inject({ url: '/promo-frame/en/broken' });
    // The status the server tells from the path alone.
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('boot-splash');
    expect(response.body).toContain('<html lang="en" dir="ltr">');
    expect(response.body).toMatch(
      /<link rel="preload" as="fetch" crossorigin="anonymous" href="[^"]*config\/all\.json\?lang=en"/,
    );
    expect(logged.join('')).toContain('server render failed');
  });
});

describe('under load, a page the server cannot render in time is rendered in the browser', () => {
  const slow = globalThis as unknown as { slowRenders: Array<() => void>; givenUp: number };
  const PAGE = '/promo-frame/en/promotion/wheel-bet';
  /** The splash page the browser renders: same URL, 200, no server markup. */
  const expectShell = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('boot-splash');
    expect(response.body).not.toContain('<main>');
  };
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  test('past its queue: at once, logged and counted; the renders that waited finish', async () => {
    const lines: string[] = [];
    const gate = createRenderGate({ queueMax: 2, timeLimitMs: 60_000, concurrency: 1 });
    const server = await pageServer(lines, gate);
    try {
      slow.slowRenders.length = 0;
      const running = server.inject({ url: '/promo-frame/en/slow' });
      await until(() => slow.slowRenders.length === 1);
      const waiting = [server.inject({ url: '/promo-frame/en/slow' }), server.inject({ url: PAGE })];
      await until(() => gate.counts().waiting === 2);
      // The queue is full: these three get the page the browser renders while the first still runs.
      const turnedAway = await Promise.all([1, 2, 3].map(() => server.inject({ url: PAGE })));
      for (const response of turnedAway) expectShell(response);
      expect(gate.counts()).toMatchObject({
        rendered: 0,
        shell: { queue_full: 3, time_limit: 0, failed: 0 },
        waiting: 2,
        running: 1,
      });
      const warnings = lines.filter((line) => line.includes('server render skipped (queue_full)'));
      expect(warnings).toHaveLength(3);
      expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({
        level: 40,
        reason: 'queue_full',
        waiting: 2,
        running: 1,
      });
      // Let the slow ones go: all three that were admitted render on the server.
      const all = Promise.all([running, ...waiting]);
      let finished = false;
      void all.then(() => {
        finished = true;
      });
      await until(() => {
        for (const release of slow.slowRenders.splice(0)) release();
        return finished;
      });
      for (const response of await all) {
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<main><h1>Wheel Bet</h1>');
      }
      expect(gate.counts()).toMatchObject({ rendered: 3, shell: { queue_full: 3 }, waiting: 0, running: 0 });
    } finally {
      await server.close();
    }
  });

  test('past its time limit: the render is told to stop, the page goes to the browser, the next renders', async () => {
    const lines: string[] = [];
    const gate = createRenderGate({ queueMax: 4, timeLimitMs: 300, concurrency: 1 });
    const server = await pageServer(lines, gate);
    try {
      slow.slowRenders.length = 0;
      const givenUpBefore = slow.givenUp;
      const response = await server.inject({ url: '/promo-frame/en/slow' });
      expectShell(response);
      expect(slow.givenUp).toBe(givenUpBefore + 1);
      expect(gate.counts().shell).toEqual({ queue_full: 0, time_limit: 1, failed: 0 });
      expect(lines.join('')).toContain('server render skipped (time_limit)');
      const next = await server.inject({ url: PAGE });
      expect(next.body).toContain('<main><h1>Wheel Bet</h1>');
      expect(gate.counts()).toMatchObject({ rendered: 1, waiting: 0, running: 0 });
    } finally {
      await server.close();
    }
  });
});
