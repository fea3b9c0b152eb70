/**
 * The lint's boundary rules do what docs/architecture.md says: Biome refuses an import cycle. A
 * sample project outside the repository extends the repository's biome.json, so the test checks
 * the configuration `npm run lint` uses, not a copy of it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
const samples: string[] = [];

/** Lints a sample project of `files` with the repository's rules; its exit status and output. */
function lint(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'promo-lint-sample-'));
  samples.push(dir);
  const config = { extends: [path.join(root, 'biome.json')], root: true, vcs: { enabled: false } };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const run = spawnSync(process.execPath, [biome, 'lint', '--colors=off', '.'], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterEach(() => {
  for (const dir of samples.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const A = "import { b } from './b.ts';\n\nexport const a = (): number => b() + 1;\n";

test('an import cycle fails the lint', () => {
  const result = lint({
    'a.ts': A,
    'b.ts': "import { a } from './a.ts';\n\nexport const b = (): number => a.length;\n",
  });
  expect(result.status).not.toBe(0);
  expect(result.output).toContain('lint/suspicious/noImportCycles');
});

test('the same two modules without the cycle pass', () => {
  const result = lint({ 'a.ts': A, 'b.ts': 'export const b = (): number => 1;\n' });
  expect(result.output).not.toContain('noImportCycles');
  expect(result.status).toBe(0);
});
