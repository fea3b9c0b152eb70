import { siteConfigSchema } from '@promo/contract';
import { propertyRuns } from '@promo/contract/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { readSettings } from '../settings.ts';
import { openSeededDatabase } from '../testing.ts';

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await openSeededDatabase(undefined);
  app = await buildApp(database.db, readSettings({}, { dataDir: 'memory://' }), false);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

test('any lang query gets a valid config or a 400, never a server error', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.stringMatching(/^[a-z]{2}$/)),
      async (lang) => {
        const response = await app.inject({ url: '/promo-frame/bff-api/config/all.json', query: { lang } });
        expect([200, 400]).toContain(response.statusCode);
        if (response.statusCode === 200) {
          expect(siteConfigSchema.safeParse(response.json()).success).toBe(true);
          expect(['en', 'ru', 'ar']).toContain(response.json().lang);
        }
      },
    ),
    propertyRuns('config endpoint lang'),
  );
});
