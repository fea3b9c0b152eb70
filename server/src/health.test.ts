import { expect, test } from 'vitest';
import { buildApp } from './app.ts';
import { readSettings } from './settings.ts';
import { openSeededDatabase } from './testing.ts';

test('readiness follows the database: 200 while it answers, 503 with a code once it is gone; liveness stays', async () => {
  const database = await openSeededDatabase(undefined);
  const app = await buildApp(database.db, readSettings({}, { port: 9999, dataDir: 'memory://' }), false);
  try {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ ok: true });
    await database.close();
    const broken = await app.inject({ url: '/healthz' });
    expect([broken.statusCode, broken.json().error]).toEqual([503, 'database_unavailable']);
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
  } finally {
    await app.close();
  }
});
