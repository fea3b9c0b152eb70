import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'promo-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('one writer per data directory: a second is refused by name until the first lets go', () => {
  const dir = tempDir();
  const release = lockDataDir(dir);
  expect(readFileSync(path.join(dir, 'promo-server.lock'), 'utf8')).toBe(String(process.pid));
  // Another process asking while this one runs.
  expect(() => lockDataDir(dir, process.pid + 1)).toThrow(DataDirLockedError);
  expect(() => lockDataDir(dir, process.pid + 1)).toThrow(`pid ${process.pid}`);
  release();
  lockDataDir(dir, process.pid + 1)();
});

test('a lock left by a process that no longer runs (kill -9) is taken over', () => {
  const dir = tempDir();
  // Far above any pid the kernel hands out here.
  writeFileSync(path.join(dir, 'promo-server.lock'), '4194303');
  const release = lockDataDir(dir);
  expect(readFileSync(path.join(dir, 'promo-server.lock'), 'utf8')).toBe(String(process.pid));
  release();
});

test('a second server on the same PGlite directory does not open it', async () => {
  const dir = tempDir();
  const first = await openDatabase({ dataDir: dir });
  try {
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
  } finally {
    await first.close();
  }
  // Closed, the directory is free again.
  const again = await openDatabase({ dataDir: dir });
  await again.close();
}, 60_000);
