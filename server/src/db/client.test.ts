import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from './client.ts';
import { languages } from './schema.ts';
import { seed } from './seed/index.ts';

const root = mkdtempSync(path.join(tmpdir(), 'promo-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('an on-disk database is created in a folder that does not exist yet and survives a restart', async () => {
  const dataDir = path.join(root, 'nested', 'deeper', 'pglite');
  const first = await openDatabase({ dataDir });
  await seed(first.db, { demo: true });
  await first.close();

  const second = await openDatabase({ dataDir });
  expect((await second.db.select().from(languages)).map((l) => l.code).sort()).toEqual(['ar', 'en', 'ru']);
  await second.close();
});
