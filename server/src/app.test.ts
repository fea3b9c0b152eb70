import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { siteConfigSchema } from '@promo/contract';
import { decodeJwt } from 'jose';
import { describe, expect, test } from 'vitest';
import { dictionaryEntries, languages } from './db/schema.ts';
import { seed } from './seed/index.ts';
import { databaseTargets, useTestServer } from './testing.ts';

describe.each(databaseTargets)('reference server on $name', ({ databaseUrl }) => {
  const server = useTestServer(databaseUrl);

  const getConfig = (query: string) =>
    server.app.inject({ method: 'GET', url: `/promo-frame/bff-api/config/all.json${query}` });

  test.each(['en', 'ru', 'ar'])('config for %s has every block of the spec and its own dictionary', async (lang) => {
    const response = await getConfig(`?lang=${lang}`);
    expect(response.statusCode).toBe(200);
    const body = siteConfigSchema.parse(response.json());
    expect(body.lang).toBe(lang);
    expect(body.languages.map((l) => l.code)).toEqual(['en', 'ru', 'ar']);
    expect(body.dictionary.error_page_message_404).toBeTruthy();
    expect(body.config.projectId).toBe(285);
    expect(body.iframe.allowedHostOrigins).toEqual(['https://host.example']);
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        'config',
        'currency',
        'mainLanguage',
        'country',
        'languages',
        'dictionary',
        'uiStyle',
        'contacts',
        'globalConfig',
        'promoConfig',
      ]),
    );
  });

  test('dictionaries differ by language', async () => {
    const [en, ar] = await Promise.all([getConfig('?lang=en'), getConfig('?lang=ar')]);
    expect(en.json().dictionary.block_page_title).toBe('Access restricted');
    expect(ar.json().dictionary.block_page_title).toBe('الوصول مقيّد');
  });

  test('an unavailable language gets the main language dictionary and says so', async () => {
    const response = await getConfig('?lang=de');
    expect(response.statusCode).toBe(200);
    expect(response.json().lang).toBe('en');
  });

  test('no lang means the main language', async () => {
    expect((await getConfig('')).json().lang).toBe('en');
  });

  test.each(['?lang=EN', '?lang=english', '?lang=e', '?lang=%3Cscript%3E', '?lang=en&lang=ru'])(
    'a malformed lang (%s) is a 400, not a crash',
    async (query) => {
      const response = await getConfig(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'invalid_param' });
      expect(response.json().detail).toMatch(/^Invalid request query: lang: /);
    },
  );

  test('every seeded language has exactly the keys of English', async () => {
    const rows = await server.database.db.select().from(dictionaryEntries);
    // Plural forms differ by language (ru and ar have more than English): compared by their base.
    const keysOf = (lang: string) => [
      ...new Set(
        rows
          .filter((r) => r.langCode === lang)
          .map((r) => r.key.replace(/_(zero|one|two|few|many|other)$/, ''))
          .sort(),
      ),
    ];
    expect(keysOf('ru')).toEqual(keysOf('en'));
    expect(keysOf('ar')).toEqual(keysOf('en'));
    expect(rows.every((r) => r.value.trim().length > 0)).toBe(true);
  });

  test('seeding twice changes nothing (idempotent start-up)', async () => {
    const before = (await server.database.db.select().from(dictionaryEntries)).length;
    await seed(server.database.db, { demo: true });
    expect((await server.database.db.select().from(dictionaryEntries)).length).toBe(before);
    expect((await server.database.db.select().from(languages)).length).toBe(3);
  });

  test('gettoken returns a signed JWT with an expiry', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/web-api/user/gettoken?force_refresh=true' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token } = response.json();
    const claims = decodeJwt(token);
    expect(typeof claims.exp).toBe('number');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(typeof claims.sub).toBe('string');
  });

  test('two tokens are two sessions', async () => {
    const a = decodeJwt((await server.app.inject({ url: '/web-api/user/gettoken' })).json().token);
    const b = decodeJwt((await server.app.inject({ url: '/web-api/user/gettoken' })).json().token);
    expect(a.sub).not.toBe(b.sub);
  });

  test('the config travels compressed when the client accepts it: brotli, else gzip', async () => {
    const plain = await getConfig('?lang=en');
    for (const [accept, decode] of [
      ['br, gzip', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await server.app.inject({
        url: '/promo-frame/bff-api/config/all.json?lang=en',
        headers: { 'accept-encoding': accept },
      });
      expect(response.headers['content-encoding']).toBe(accept.split(',')[0]);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  test('CSP lets only the configured hosts embed the frame', async () => {
    const response = await getConfig('?lang=en');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://host.example");
    expect(csp).toContain("script-src 'self'");
    // CMS images and the CDN probe may come from the configured CDN only.
    expect(csp).toContain("img-src 'self' data: https://cdn.example");
    expect(csp).toContain("connect-src 'self' https://cdn.example");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  test('the demo host page may frame the frame and may not be framed itself', async () => {
    const response = await server.app.inject({ url: '/demo-host/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://host.example");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.body).toContain('id="frame-slot"');
    expect(response.body).toContain('/demo-host/demo-host.js');
  });

  test('unknown API paths are JSON 404s', async () => {
    const response = await server.app.inject({ url: '/web-api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  test('the project error sprite is served from /genfiles', async () => {
    const response = await server.app.inject({ url: '/genfiles/cms/sprites/error-ball.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });
});
