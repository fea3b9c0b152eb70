import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readSettings } from '../settings.ts';
import { readFrameIndex, registerStaticRoutes } from './static.ts';

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
    <script type="module" src="/promo-frame/assets/index-1.js"></script>
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
  };
}
`;

const root = mkdtempSync(path.join(tmpdir(), 'promo-ssr-'));
const dist = path.join(root, 'dist');
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), SERVER_BUILD);
  app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
  });
  await app.register(fastifyCookie);
  app.get('/api-probe', async (request) => ({ answer: `api said ${request.headers['x-probe']}` }));
  const settings = readSettings({}, { frameDist: dist });
  await registerStaticRoutes(app, settings, await readFrameIndex(settings));
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
    expect(response.headers['cache-control']).toBe('no-cache');
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
    // Its styles block its first paint (the content is in the markup); its data goes before </body>.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/promo-frame/assets/index-1.css">');
    expect(html.match(/index-1\.css/g)).toHaveLength(1);
    expect(html).toMatch(/<script type="application\/json" id="promo-ssr-data">\{"now":1\}<\/script>\n\s*<\/body>/);
    // The config comes with the page: nothing to preload for it.
    expect(html).not.toContain('config/all.json');
  });

  test('the render is asked with the page URL, the cookies and whether a host frames it', async () => {
    await app.inject({
      url: '/promo-frame/en/lotto',
      headers: { cookie: 'promo_lang=ar', 'sec-fetch-dest': 'iframe' },
    });
    expect(lastRequest()).toMatchObject({
      url: expect.stringMatching(/^http:\/\/[^/]+\/promo-frame\/en\/lotto$/),
      cookie: 'promo_lang=ar',
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
