import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';

let folder = '';
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the real check beside a package.json that pins `pinned`, on the Node running the tests. */
function checkWithPin(pinned: string) {
  folder = mkdtempSync(path.join(tmpdir(), 'check-node-'));
  mkdirSync(path.join(folder, 'scripts'));
  copyFileSync(path.join(import.meta.dirname, 'check-node.mjs'), path.join(folder, 'scripts', 'check-node.mjs'));
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ engines: { node: pinned } }));
  return spawnSync(process.execPath, [path.join(folder, 'scripts', 'check-node.mjs')], { encoding: 'utf8' });
}

test('the pinned Node passes silently', () => {
  const run = checkWithPin(process.versions.node);
  expect(run.status).toBe(0);
  expect(run.stderr).toBe('');
});

test('another Node stops with one line that names both versions and the fix', () => {
  const run = checkWithPin('26.0.1');
  expect(run.status).toBe(1);
  expect(run.stderr.trimEnd().split('\n')).toEqual([
    `Node ${process.versions.node} is running, but this project runs on Node 26.0.1: run \`npm ci\` (it installs Node 26.0.1 into node_modules), then start things through npm (\`npm start\`, \`npm test\`, \`npm exec -- node …\`).`,
  ]);
});
