import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import { matchFramePage, resolvePromo } from '@promo/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerDemoHost } from '../routes/demo-host.ts';
import { registerStaticFiles } from '../routes/static-files.ts';
import { readSettings } from '../settings.ts';
import { inlineHashes, readFrameIndex, readPagePreloads } from './document.ts';
import { firstConfigLanguage, firstDataUrl, promotionOf, registerPageRoutes } from './page-routes.ts';

const INLINE = '(function () { window.first = 1; })();';
const INDEX = `<!doctype html><html><head><title>frame</title></head><body><div id="root"></div><script>${INLINE}</script><script type="module" src="/promo-frame/assets/index-abc123.js"></script></body></html>`;
const HOSTS = ['https://host.example', 'https://a"b.example'];
const PRELOADS = {
  home: { modules: ['assets/home-1.js'], styles: ['assets/home-1.css'], images: ['assets/hero-1.svg'] },
  lotto: { modules: ['assets/lotto-1.js', 'assets/useQuery-1.js'], styles: ['assets/lotto-1.css'], images: [] },
  blocked: { modules: ['assets/block-1.js', 'assets/host-1.js'], styles: ['assets/block-1.css'], images: [] },
  '*': { modules: ['assets/host-1.js'], styles: [], images: [] },
  'mechanic:spin-wheel': { modules: ['assets/spin-wheel-1.js'], styles: ['assets/spin-wheel-1.css'], images: [] },
  'mechanic:leaderboard': { modules: ['assets/leaderboard-1.js'], styles: ['assets/leaderboard-1.css'], images: [] },
};
const dist = mkdtempSync(path.join(tmpdir(), 'promo-dist-'));
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'page-preloads.json'), JSON.stringify(PRELOADS));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)'.repeat(100));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'.repeat(100)));
  app = Fastify();
  await app.register(fastifyCookie);
  const settings = readSettings({ FRAME_ANCESTORS: HOSTS.join(' ') }, { frameDist: dist });
  // The server's content says each promotion's widgets: the wheel's, a server-defined tournament's;
  // a failing lookup for another key.
  const widgetsOf = async (key: string) => {
    if (key === 'broken-db') throw new Error('database down');
    if (key === resolvePromo('spin-wheel')?.serverKey) return ['spin-wheel' as const];
    return key === 'summer-cup' ? ['leaderboard' as const] : undefined;
  };
  await registerPageRoutes(app, settings, await readFrameIndex(settings), {
    widgetsOf,
    siteCurrency: async () => 'USD',
    sectionExists: async (slug) => slug === 'summer-cup',
  });
  await registerStaticFiles(app, settings);
  await registerDemoHost(app, settings);
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

test.each(['/promo-frame', '/promo-frame/', '/promo-frame/en/lotto', '/promo-frame/ar/promotion/spin-wheel'])(
  '%s is the SPA page, not cached, with or without compression',
  async (url) => {
    for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }]) {
      const response = await app.inject({ url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
    expect((await app.inject({ url })).body).toContain('<div id="root"></div>');
  },
);

const preloadOf = (body: string) =>
  body.match(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"/)?.[1];

test.each([
  ['/promo-frame/', undefined, 'en'],
  ['/promo-frame/ar/lotto', undefined, 'ar'],
  ['/promo-frame/ru', 'language=ar', 'ru'],
  ['/promo-frame/lotto', 'language=ar', 'ar'],
  ['/promo-frame/lotto', 'language=<x>', 'en'],
])('%s (cookie %s) preloads the config the frame asks for first: %s', async (url, cookie, lang) => {
  const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(preloadOf(response.body)).toBe(`/promo-frame/bff-api/config/all.json?lang=${lang}`);
});

test('the page names the allowed host origins for the first height message, escaped', async () => {
  const body = (await app.inject({ url: '/promo-frame/en' })).body;
  const content = body.match(/<meta name="promo-frame-hosts" content="([^"]*)"/)?.[1] ?? '';
  expect(content).not.toContain('"');
  const decoded = content
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  expect(JSON.parse(decoded)).toEqual(HOSTS);
});

const linksOf = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, 'g'))].map(([, href]) => href);

const HOST = '/promo-frame/assets/host-1.js';

test.each([
  ['/promo-frame/ar/lotto/game/powerball', ['/promo-frame/assets/lotto-1.js', '/promo-frame/assets/useQuery-1.js'], []],
  ['/promo-frame', ['/promo-frame/assets/home-1.js'], ['/promo-frame/assets/hero-1.svg']],
  ['/promo-frame/?from=host', ['/promo-frame/assets/home-1.js'], ['/promo-frame/assets/hero-1.svg']],
  // A file of both lists is named once.
  ['/promo-frame/ar/blockPage', ['/promo-frame/assets/block-1.js'], []],
  // A promotion's mechanic code comes with its page.
  ['/promo-frame/promotion/spin-wheel', ['/promo-frame/assets/spin-wheel-1.js'], []],
  // A server-defined promo (a name pattern, no registry row): the server's content says its widgets.
  ['/promo-frame/promotion/summer-cup', ['/promo-frame/assets/leaderboard-1.js'], []],
  ['/promo-frame/promotion/winter-cup', [], []],
  ['/promo-frame/promotion/broken-db', [], []],
  ['/promo-frame/en/no/such/page', [], []],
])('%s preloads its page family (%j, images %j) and what every page loads', async (url, modules, images) => {
  const body = (await app.inject({ url })).body;
  expect(linksOf(body, 'modulepreload')).toEqual([HOST, ...modules]);
  expect(linksOf(body, 'preload').filter((href) => href?.endsWith('.svg'))).toEqual(images);
  // Stylesheets go after the content (the splash paints without them), never into the head.
  const [head = '', rest = ''] = body.split('</head>');
  expect(linksOf(head, 'stylesheet')).toEqual([]);
  expect(linksOf(rest, 'stylesheet')).toEqual(modules.length ? [modules[0]?.replace('.js', '.css')] : []);
});

test('a promotion page preloads its own promotion, by the key the frame asks for', async () => {
  const key = resolvePromo('spin-wheel')?.serverKey ?? '';
  expect(key).not.toBe('');
  const url = `/web-api/external-api/promotions/${key}?lang=ar&currency=EUR`;
  expect(firstDataUrl(promotionOf(matchFramePage('/ar/promotion/spin-wheel?x=1')), 'ar', 'EUR')).toBe(url);
  // A slug no registry row names may be an operator's promotion: the server's answer decides.
  expect(firstDataUrl(promotionOf(matchFramePage('/promotion/summer-free-bet')), 'en', 'USD')).toBe(
    '/web-api/external-api/promotions/summer-free-bet?lang=en&currency=USD',
  );
  expect(firstDataUrl(promotionOf(matchFramePage('/promotion/Not_A_Slug')), 'en', 'USD')).toBeUndefined();
  expect(firstDataUrl(promotionOf(matchFramePage('/promotion/%E0%A4%A')), 'en', 'USD')).toBeUndefined();
  expect(firstDataUrl(promotionOf(matchFramePage('/lotto')), 'en', 'USD')).toBeUndefined();
  const body = (await app.inject({ url: '/promo-frame/promotion/spin-wheel' })).body;
  // In the page's language and the site's currency, as the frame asks for it.
  expect(linksOf(body, 'preload')).toContain(`/web-api/external-api/promotions/${key}?lang=en&amp;currency=USD`);
  // Not kept between requests: the next page of the same family names only its own.
  const other = (await app.inject({ url: '/promo-frame/promotion/luckyday' })).body;
  expect(linksOf(other, 'preload')?.join(' ')).not.toContain(`/web-api/external-api/promotions/${key}?`);
});

test('a malformed preload list is ignored with a warning, never served', () => {
  const bad = mkdtempSync(path.join(tmpdir(), 'promo-dist-'));
  mkdirSync(path.join(bad, '.vite'));
  writeFileSync(
    path.join(bad, '.vite', 'page-preloads.json'),
    JSON.stringify({ home: { modules: ['"><script>alert(1)</script>'], styles: [], images: [] } }),
  );
  const warnings: string[] = [];
  expect(readPagePreloads(bad, (message) => warnings.push(message)).size).toBe(0);
  expect(warnings).toHaveLength(1);
  expect(readPagePreloads(path.join(bad, 'none'), (message) => warnings.push(message)).size).toBe(0);
  writeFileSync(path.join(bad, '.vite', 'page-preloads.json'), '{"home": [');
  expect(readPagePreloads(bad, (message) => warnings.push(message)).size).toBe(0);
  expect(warnings).toHaveLength(2);
  rmSync(bad, { recursive: true, force: true });
});

test('inline scripts and styles are allowed by their hash only; scripts with a src need none', () => {
  const [hash, ...rest] = inlineHashes(INDEX, 'script');
  expect(rest).toEqual([]);
  expect(hash).toBe(`'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`);
  expect(inlineHashes('<script src="/a.js"></script>', 'script')).toEqual([]);
  expect(inlineHashes('<style>a{}</style><script>x</script>', 'style')).toEqual([
    `'sha256-${createHash('sha256').update('a{}').digest('base64')}'`,
  ]);
});

test('the language guess mirrors the frame: path prefix, then cookie, then en', () => {
  expect(firstConfigLanguage('/promo-frame/de/x', 'ru')).toBe('de');
  expect(firstConfigLanguage('/promo-frame/about', 'ru')).toBe('ru');
  expect(firstConfigLanguage('/promo-frame/?q=1', undefined)).toBe('en');
  expect(firstConfigLanguage('/promo-frame/EN', undefined)).toBe('en');
});

test('hashed assets are immutable and sent precompressed when the client accepts it', async () => {
  const response = await app.inject({
    url: '/promo-frame/assets/index-abc123.js',
    headers: { 'accept-encoding': 'br' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe('br');
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('source maps and the build manifest are not served; the root leads to the demo host', async () => {
  for (const url of [
    '/promo-frame/assets/index-abc123.js.map',
    '/promo-frame/.vite/manifest.json',
    '/promo-frame/.vite/page-preloads.json',
  ]) {
    const response = await app.inject({ url });
    expect([url, response.statusCode]).toEqual([url, 404]);
    expect(response.body).not.toContain('secret.ts');
  }
  const root = await app.inject({ url: '/' });
  expect([root.statusCode, root.headers.location]).toEqual([302, '/demo-host/']);
});

test('a missing asset is a 404, never the SPA page', async () => {
  const response = await app.inject({ url: '/promo-frame/assets/gone-123.js' });
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toContain('application/json');
});

test('API paths under the frame prefix are not swallowed by the SPA fallback', async () => {
  expect((await app.inject({ url: '/promo-frame/bff-api/unknown' })).statusCode).toBe(404);
});

test('non-GET requests to frame paths are 404', async () => {
  expect((await app.inject({ method: 'POST', url: '/promo-frame/en/lotto' })).statusCode).toBe(404);
});

test.each([
  ['/promo-frame/en/lotto', 200],
  ['/promo-frame/en/summer-cup', 200],
  ['/promo-frame/en/no-such-page', 404],
  ['/promo-frame/en/lotto/no/such/page', 404],
  ['/promo-frame/en/test-mobile-app', 404],
  ['/promo-frame/new-api-demo', 404],
])('%s answers %i with the SPA page, and HEAD answers like GET', async (url, status) => {
  const get = await app.inject({ url });
  expect(get.statusCode).toBe(status);
  expect(get.body).toContain('<div id="root"></div>');
  const head = await app.inject({ url, method: 'HEAD' });
  expect(head.statusCode).toBe(status);
  expect(head.headers['content-type']).toContain('text/html');
});
