/**
 * The lint's boundary rules do what docs/architecture.md says: Biome refuses an import cycle, and
 * Steiger refuses an import of a sibling slice and an import past a slice's public API. Each sample
 * project outside the repository uses the repository's biome.json or steiger.config.js, so the test
 * checks the configuration `npm run lint` uses, not a copy of it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
const steiger = path.join(root, 'node_modules', 'steiger', 'dist', 'cli.mjs');
const samples: string[] = [];
/** Steiger takes about 2 s per sample alone, several times that on a busy 2-core machine. */
const STEIGER_TIMEOUT_MS = 60_000;

/** A temporary folder holding `files` (paths may have folders). */
function sample(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'promo-lint-sample-'));
  samples.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** Lints a sample project of `files` with the repository's rules; its exit status and output. */
function lint(files: Record<string, string>): { status: number | null; output: string } {
  const config = { extends: [path.join(root, 'biome.json')], root: true, vcs: { enabled: false } };
  const dir = sample({ ...files, 'biome.json': JSON.stringify(config) });
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

/** Runs Steiger with the repository's config over a sample frame's `src` made of `files`. */
function steigerLint(files: Record<string, string>): { status: number | null; output: string } {
  const dir = sample({
    ...Object.fromEntries(Object.entries(files).map(([name, text]) => [`src/${name}`, text])),
    'steiger.config.js': `export { default } from ${JSON.stringify(path.join(root, 'steiger.config.js'))};\n`,
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        moduleResolution: 'bundler',
        module: 'ESNext',
        allowImportingTsExtensions: true,
        jsx: 'react-jsx',
      },
      include: ['src'],
    }),
  });
  const run = spawnSync(process.execPath, [steiger, './src'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Two feature slices and a widget that uses one of them through its public API. */
const FRAME: Record<string, string> = {
  'app/main.ts': "import { Panel } from '../widgets/panel/index.ts';\n\nexport const app = Panel;\n",
  'widgets/panel/index.ts': "export { Panel } from './ui/panel.ts';\n",
  'widgets/panel/ui/panel.ts':
    "import { spin } from '../../../features/spin/index.ts';\nimport { take } from '../../../features/take/index.ts';\n\nexport const Panel = (): string => spin() + take();\n",
  'features/spin/index.ts': "export { spin } from './model/spin.ts';\n",
  'features/spin/model/spin.ts': "export const spin = (): string => 'spin';\n",
  'features/take/index.ts': "export { take } from './model/take.ts';\n",
  'features/take/model/take.ts': "export const take = (): string => 'take';\n",
};

test(
  'the sample frame passes Steiger',
  () => {
    const result = steigerLint(FRAME);
    expect(result.output).toContain('No problems found');
    expect(result.status).toBe(0);
  },
  STEIGER_TIMEOUT_MS,
);

test(
  'a feature importing a sibling feature fails Steiger',
  () => {
    const result = steigerLint({
      ...FRAME,
      'features/take/model/take.ts':
        "import { spin } from '../../spin/index.ts';\n\nexport const take = (): string => spin().toUpperCase();\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('Forbidden cross-import from slice "spin"');
  },
  STEIGER_TIMEOUT_MS,
);

test(
  "an import past a slice's index.ts fails Steiger",
  () => {
    const result = steigerLint({
      ...FRAME,
      'widgets/panel/ui/panel.ts':
        "import { spin } from '../../../features/spin/model/spin.ts';\nimport { take } from '../../../features/take/index.ts';\n\nexport const Panel = (): string => spin() + take();\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('Forbidden sidestep of public API');
  },
  STEIGER_TIMEOUT_MS,
);

/** A sample server: one module per layer, each importing only the layer below. */
const SERVER: Record<string, string> = {
  'server/src/db/schema.ts': "export const table = 'users';\n",
  'server/src/domain/players.ts':
    "import { table } from '../db/schema.ts';\n\nexport const players = (): string => table;\n",
  'server/src/http/guard.ts': "import { players } from '../domain/players.ts';\n\nexport const guard = players;\n",
  'server/src/routes/user.ts':
    "import { players } from '../domain/players.ts';\nimport { guard } from '../http/guard.ts';\n\nexport const route = (): string => players() + guard();\n",
  'server/src/seed/demo.ts': "import { players } from '../domain/players.ts';\n\nexport const seed = players;\n",
  'server/src/seed/demo.test.ts': "import { seed } from './demo.ts';\n\nexport const checked = seed;\n",
};

test('the sample server, each layer importing the one below, passes the lint', () => {
  const result = lint(SERVER);
  expect(result.output).not.toContain('noRestrictedImports');
  expect(result.status).toBe(0);
});

test.each([
  [
    'the database layer importing the domain',
    'server/src/db/schema.ts',
    '../domain/players.ts',
    'server/src/db is the bottom layer',
  ],
  [
    'the domain importing a route',
    'server/src/domain/players.ts',
    '../routes/user.ts',
    'server/src/domain is called by routes',
  ],
  [
    'the domain importing HTTP plumbing',
    'server/src/domain/players.ts',
    '../http/guard.ts',
    'server/src/domain is called by routes',
  ],
  [
    'HTTP plumbing importing a route',
    'server/src/http/guard.ts',
    '../routes/user.ts',
    'server/src/http serves the routes',
  ],
  ['a route importing the seed', 'server/src/routes/user.ts', '../seed/demo.ts', 'Request code never imports the seed'],
])('%s fails the lint', (_name, file, target, message) => {
  const result = lint({ ...SERVER, [file]: `import * as upward from '${target}';\n\nexport const used = upward;\n` });
  expect(result.status).not.toBe(0);
  expect(result.output).toContain('lint/style/noRestrictedImports');
  expect(result.output).toContain(message);
});
