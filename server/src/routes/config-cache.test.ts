import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { configPartUrl, siteConfigUrl } from '@promo/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { createContentCache } from '../db/content-cache.ts';
import type { ContentChange, ContentWatch } from '../db/content-watch.ts';
import { databaseTargets, useTestServer } from '../testing.ts';

const KEY = 'api_error_not_found';
/** How long a change may take to reach the kept answers (a notification, then a rebuild). */
const PROPAGATION = { timeout: 10_000, interval: 50 };

describe.each(databaseTargets)('config answers built once, on $name', ({ databaseUrl }) => {
  const server = useTestServer(databaseUrl);
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ url, headers });
  const setText = (value: string) =>
    server.database.db.execute(
      sql`update dictionary_entries set value = ${value} where lang_code = 'en' and key = ${KEY}`,
    );
  const textOf = async () =>
    (await get(siteConfigUrl('en'), { 'accept-encoding': 'identity' })).json().dictionary[KEY] as string;

  test('brotli, gzip and plain bytes of one JSON, each with its own strong ETag', async () => {
    const plain = await get(siteConfigUrl('en'), { 'accept-encoding': 'identity' });
    const br = await get(siteConfigUrl('en'), { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(siteConfigUrl('en'), { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const tags = [plain, br, gz].map((response) => response.headers.etag);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(new Set(tags).size).toBe(3);
    for (const response of [plain, br, gz]) {
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  test('If-None-Match with the tag of any encoding (or *) is a 304 without a body', async () => {
    const first = await get(siteConfigUrl('ar'), { 'accept-encoding': 'br' });
    const gzipTag = (await get(siteConfigUrl('ar'), { 'accept-encoding': 'gzip' })).headers.etag as string;
    for (const ifNoneMatch of [first.headers.etag as string, gzipTag, `W/${gzipTag}`, `"other", ${gzipTag}`, '*']) {
      const again = await get(siteConfigUrl('ar'), { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
    }
    const otherLanguage = await get(siteConfigUrl('ru'), { 'if-none-match': first.headers.etag as string });
    expect(otherLanguage.statusCode).toBe(200);
  });

  test('a language that is not enabled gets the main language answer, the same bytes', async () => {
    const main = await get(siteConfigUrl('en'));
    const unknown = await get(siteConfigUrl('zz'));
    expect(unknown.json().lang).toBe('en');
    expect(unknown.headers.etag).toBe(main.headers.etag);
  });

  test('kept while nothing changes: a write the trigger does not see is not read', async () => {
    const before = await textOf();
    await server.database.db.execute(sql`alter table dictionary_entries disable trigger user`);
    try {
      await setText('changed behind the trigger');
      expect(await textOf()).toBe(before);
    } finally {
      await setText(before);
      await server.database.db.execute(sql`alter table dictionary_entries enable trigger user`);
    }
  });

  test('an operator change reaches the next answer, with a new ETag, in every encoding', async () => {
    const before = await get(siteConfigUrl('en'), { 'accept-encoding': 'br' });
    const text: string = JSON.parse(brotliDecompressSync(before.rawPayload).toString()).dictionary[KEY];
    await setText('Nothing here, changed by the operator.');
    try {
      // The change arrives by notification and a rebuild: seconds on a loaded runner, not 1 s.
      await vi.waitFor(async () => expect(await textOf()).toBe('Nothing here, changed by the operator.'), PROPAGATION);
      const after = await get(siteConfigUrl('en'), {
        'accept-encoding': 'br',
        'if-none-match': before.headers.etag as string,
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(brotliDecompressSync(after.rawPayload).toString()).toContain('changed by the operator');
      // Error texts are read from the same dictionaries and follow the change too.
      const refusal = await get('/promo-frame/bff-api/config/part/nothing.json');
      expect(refusal.json().message).toBe('Nothing here, changed by the operator.');
    } finally {
      await setText(text);
      // The restore reaches the kept answers through the same notification: wait for it, so the
      // next test (in any order) reads the text it expects from every answer.
      await vi.waitFor(async () => expect(await textOf()).toBe(text), PROPAGATION);
    }
  });

  test('config parts: precompressed, 304 on their tag, 404 for an unknown part', async () => {
    const first = await get(configPartUrl('licence'), { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toMatchObject({ number: '8048/JAZ2016-050' });
    const again = await get(configPartUrl('licence'), { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const unknown = await get('/promo-frame/bff-api/config/part/nothing.json');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('not_found');
  });
});

describe('content cache', () => {
  const fakeWatch = (live = true) => {
    const listeners = new Set<(change: ContentChange) => void>();
    const watch: ContentWatch & { change(): void } = {
      live,
      onChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      // A change that names one promotion: a cached answer goes all the same.
      change: () => {
        for (const listener of listeners) listener({ promotions: [137], slugs: ['spin-wheel'] });
      },
    };
    return watch;
  };

  test('builds once for concurrent and later requests, again after a change', async () => {
    const watch = fakeWatch();
    const cached = createContentCache(watch);
    const build = vi.fn(async () => ({ n: build.mock.calls.length }));
    const [a, b] = await Promise.all([cached('k', build), cached('k', build)]);
    expect(a).toBe(b);
    expect(await cached('k', build)).toBe(a);
    expect(build).toHaveBeenCalledTimes(1);
    watch.change();
    expect(await cached('k', build)).toEqual({ n: 2 });
  });

  test('a failed build is not kept; nothing is kept while the watch is not live', async () => {
    const cached = createContentCache(fakeWatch());
    await expect(cached('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cached('k', async () => 'fine')).toBe('fine');
    const offline = createContentCache(fakeWatch(false));
    const build = vi.fn(async () => 'x');
    await offline('k', build);
    await offline('k', build);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
