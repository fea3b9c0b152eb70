import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../server/src/db/client.ts';
import { auditLog } from '../server/src/db/schema.ts';

// npm run console:create-admin, as an operator runs it on a fresh production database: the admin
// is made once, its TOTP secret printed once, and bad input makes nothing.
const dataDir = mkdtempSync(path.join(tmpdir(), 'create-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (input: string) =>
  spawnSync(process.execPath, ['server/scripts/create-admin.ts'], {
    cwd: path.join(import.meta.dirname, '..'),
    input,
    encoding: 'utf8',
    env: { ...process.env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', OPERATOR_API_KEY: '' },
    timeout: 120_000,
  });

test('creates the first admin once, prints its authenticator secret, audits it; refuses a short password and a taken login', async () => {
  const short = run('ops.admin\nshort\n');
  expect([short.status, short.stderr]).toEqual([1, 'Not created: the password needs 12 to 200 characters\n']);
  const differ = run('ops.admin\nsupersecret123\nsupersecret124\n');
  expect([differ.status, differ.stderr]).toEqual([1, 'Not created: the passwords differ\n']);

  const made = run('ops.admin\nsupersecret123\nsupersecret123\n');
  expect(made.stderr).toBe('');
  expect(made.stdout).toContain('Admin ops.admin created.');
  expect(made.stdout).toMatch(/Authenticator secret: [A-Z2-7]{32}\n/);
  expect(made.stdout).toMatch(
    /otpauth:\/\/totp\/Promo%20console:ops\.admin\?secret=[A-Z2-7]{32}&issuer=Promo%20console/,
  );
  expect(made.stdout).not.toContain('supersecret123');

  const again = run('ops.admin\nsupersecret123\nsupersecret123\n');
  expect([again.status, again.stderr]).toEqual([1, 'Not created: The login ops.admin is taken\n']);

  // The audit log says who made the admin: the command, once.
  const database = await openDatabase({ dataDir });
  try {
    const entries = await database.db.select().from(auditLog);
    expect(entries.map((entry) => [entry.actor, entry.entity, entry.entityId, entry.action])).toEqual([
      ['command:console:create-admin', 'staff', 'ops.admin', 'create'],
    ]);
  } finally {
    await database.close();
  }
}, 300_000);
