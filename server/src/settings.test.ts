import { expect, test } from 'vitest';
import { DEFAULT_RATE_LIMITS, readSettings, SettingsError } from './settings.ts';

test('defaults: loopback, embedded database, both loopback names may embed', () => {
  const settings = readSettings({});
  expect(settings.host).toBe('127.0.0.1');
  expect(settings.port).toBe(8085);
  expect(settings.databaseUrl).toBeUndefined();
  expect(settings.frameAncestors).toEqual(['http://localhost:8085', 'http://127.0.0.1:8085']);
  expect(settings.cdnOrigins).toEqual([]);
});

test('DATABASE_URL switches to PostgreSQL; FRAME_ANCESTORS is a list', () => {
  const settings = readSettings({
    DATABASE_URL: 'postgres://u:p@db/promo',
    FRAME_ANCESTORS: 'https://a.example, https://b.example',
    PORT: '9000',
  });
  expect(settings.databaseUrl).toBe('postgres://u:p@db/promo');
  expect(settings.frameAncestors).toEqual(['https://a.example', 'https://b.example']);
  expect(settings.port).toBe(9000);
});

test('a malformed PORT falls back to the default', () => {
  expect(readSettings({ PORT: 'abc' }).port).toBe(8085);
});

test('CDN_ORIGINS are allowed for CMS images and the CDN probe', async () => {
  expect(readSettings({ CDN_ORIGINS: 'https://cdn.a.example https://cdn.b.example' }).cdnOrigins).toEqual([
    'https://cdn.a.example',
    'https://cdn.b.example',
  ]);
});

test('rate limits come from RATE_LIMIT_*: per minute per address, 0 turns one off, nonsense keeps the default', () => {
  expect(readSettings({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
  const settings = readSettings({
    RATE_LIMIT_SIGN_IN: '5',
    RATE_LIMIT_TOKEN: '0',
    RATE_LIMIT_TELEMETRY: 'lots',
    RATE_LIMIT_ACTIONS: '-3',
    RATE_LIMIT_OPERATOR: '',
  });
  expect(settings.rateLimits).toEqual({
    ...DEFAULT_RATE_LIMITS,
    signIn: 5,
    token: 0,
  });
});

test('only proxies on the machine or the private network name the client unless TRUST_PROXY says otherwise', () => {
  expect(readSettings({}).trustProxy).toBe('loopback, linklocal, uniquelocal');
  expect(readSettings({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(readSettings({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(readSettings({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }).trustProxy).toBe('10.0.0.0/8, 192.0.2.1');
});

test('production refuses an operator key shorter than 32 characters, by name; 32 and more start', () => {
  const production = { NODE_ENV: 'production' };
  expect(() => readSettings({ ...production, OPERATOR_API_KEY: 'x'.repeat(31) })).toThrow(
    /OPERATOR_API_KEY has 31 characters; production needs at least 32/,
  );
  expect(() => readSettings({ ...production, OPERATOR_API_KEY: 'short' })).toThrow(SettingsError);
  expect(readSettings({ ...production, OPERATOR_API_KEY: 'k'.repeat(32) }).operatorKey).toBe('k'.repeat(32));
  // Unset in production: the feed is off (503), not a refusal to start; outside production any key.
  expect(readSettings(production).operatorKey).toBeUndefined();
  expect(readSettings({ OPERATOR_API_KEY: 'short' }).operatorKey).toBe('short');
});

test('demo data: seeded outside production; in production only when SEED_DEMO is confirmed by SEED_DEMO_IN_PRODUCTION', () => {
  const production = { NODE_ENV: 'production' };
  expect(readSettings({}).seedDemo).toBe(true);
  expect(readSettings({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  expect(readSettings(production).seedDemo).toBe(false);
  expect(() => readSettings({ ...production, SEED_DEMO: '1' })).toThrow(
    /SEED_DEMO=1 in production seeds players who sign in with the published demo passwords; set SEED_DEMO_IN_PRODUCTION=1/,
  );
  expect(readSettings({ ...production, SEED_DEMO: 'true', SEED_DEMO_IN_PRODUCTION: '1' }).seedDemo).toBe(true);
  // The confirmation alone seeds nothing; a value that is no yes or no stops the start by name.
  expect(readSettings({ ...production, SEED_DEMO_IN_PRODUCTION: '1' }).seedDemo).toBe(false);
  expect(() => readSettings({ SEED_DEMO: 'yes please' })).toThrow(/SEED_DEMO must be 1 or 0, not "yes please"/);
  // The demo operator key is never a production one, demo data or not.
  expect(readSettings({ ...production, SEED_DEMO: '1', SEED_DEMO_IN_PRODUCTION: '1' }).operatorKey).toBeUndefined();
});

test('scrypt cost: 2^17 in production and no less; 2^14 elsewhere; PASSWORD_SCRYPT_LOG2N within 10 to 20', () => {
  const production = { NODE_ENV: 'production' };
  expect(readSettings(production).scryptLog2N).toBe(17);
  expect(readSettings({}).scryptLog2N).toBe(14);
  expect(readSettings({ ...production, PASSWORD_SCRYPT_LOG2N: '18' }).scryptLog2N).toBe(18);
  expect(() => readSettings({ ...production, PASSWORD_SCRYPT_LOG2N: '16' })).toThrow(
    /PASSWORD_SCRYPT_LOG2N is 16; it must be 17 to 20 in production/,
  );
  expect(() => readSettings({ PASSWORD_SCRYPT_LOG2N: '30' })).toThrow(SettingsError);
});

test('live streams and server renders are bounded: their defaults, the environment, nonsense keeps the default', () => {
  expect(readSettings({})).toMatchObject({
    liveStreams: { perAddress: 20, max: 2000 },
    serverRender: { queueMax: 8, timeLimitMs: 1000, concurrency: 4 },
  });
  // Render threads: one per core but the main thread's, at least one.
  expect(readSettings({}).serverRender.threads).toBeGreaterThanOrEqual(1);
  const set = readSettings({
    LIVE_STREAMS_PER_ADDRESS: '5',
    LIVE_STREAMS_MAX: '50',
    RENDER_QUEUE_MAX: '0',
    RENDER_TIME_LIMIT_MS: '800',
    RENDER_CONCURRENCY: '3',
    RENDER_THREADS: '0',
  });
  // A queue of 0: a page that would wait is rendered in the browser at once.
  expect(set).toMatchObject({
    liveStreams: { perAddress: 5, max: 50 },
    serverRender: { queueMax: 0, timeLimitMs: 800, concurrency: 3, threads: 0 },
  });
  const nonsense = readSettings({
    RENDER_QUEUE_MAX: '-1',
    RENDER_TIME_LIMIT_MS: '0',
    RENDER_CONCURRENCY: '0',
    LIVE_STREAMS_MAX: 'many',
  });
  expect(nonsense).toMatchObject({
    liveStreams: { max: 2000 },
    serverRender: { queueMax: 8, timeLimitMs: 1000, concurrency: 4 },
  });
});

test('the page cache: on by default, bounded by entries, megabytes and age; PAGE_CACHE=0 turns it off', () => {
  expect(readSettings({}).pageCache).toEqual({
    enabled: true,
    maxEntries: 2000,
    maxBytes: 64 * 1024 * 1024,
    maxAgeMs: 30_000,
  });
  expect(
    readSettings({
      PAGE_CACHE: '0',
      PAGE_CACHE_MAX_ENTRIES: '10',
      PAGE_CACHE_MAX_MB: '2',
      PAGE_CACHE_MAX_AGE_MS: '5000',
    }).pageCache,
  ).toEqual({ enabled: false, maxEntries: 10, maxBytes: 2 * 1024 * 1024, maxAgeMs: 5000 });
  expect(readSettings({ PAGE_CACHE_MAX_ENTRIES: '0', PAGE_CACHE_MAX_MB: 'lots' }).pageCache).toMatchObject({
    maxEntries: 2000,
    maxBytes: 64 * 1024 * 1024,
  });
  expect(() => readSettings({ PAGE_CACHE: 'off' })).toThrow('PAGE_CACHE must be 1 or 0, not "off"');
});

test('uploaded art: its folder, size and pixel limits from ART_*; nonsense keeps the default', () => {
  expect(readSettings({}).art).toEqual({
    dir: expect.stringMatching(/server\/\.data\/art$/),
    maxBytes: 5 * 1024 * 1024,
    maxPixels: 40_000_000,
  });
  expect(readSettings({ ART_DIR: '/srv/art', ART_UPLOAD_MAX_BYTES: '1000', ART_MAX_PIXELS: '4000000' }).art).toEqual({
    dir: '/srv/art',
    maxBytes: 1000,
    maxPixels: 4_000_000,
  });
  expect(readSettings({ ART_UPLOAD_MAX_BYTES: '-1', ART_MAX_PIXELS: 'many' }).art).toMatchObject({
    maxBytes: 5 * 1024 * 1024,
    maxPixels: 40_000_000,
  });
});
