import { expect, test } from 'vitest';
import { readSettings } from './settings.ts';

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
