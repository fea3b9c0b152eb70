/**
 * Fails `npm test` when a package.json (the root's or a workspace's) and package-lock.json
 * disagree: npm resolves the lockfile again from the manifests in a scratch copy, and the result
 * must be the committed file byte for byte, which is what `npm ci` installs on a fresh clone.
 * Fails too when a locked package's `engines` excludes the project's pinned Node (decision 001).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const { workspaces, engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
  engines: { node: string };
};
const inputs = ['package.json', 'package-lock.json', '.npmrc', ...workspaces.map((w) => `${w}/package.json`)];

const scratch = mkdtempSync(path.join(tmpdir(), 'promo-lockfile-'));
try {
  for (const file of inputs) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(scratch, file));
  }
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const committed = path.join(root, 'package-lock.json');
  const resolved = path.join(scratch, 'package-lock.json');
  if (readFileSync(committed, 'utf8') !== readFileSync(resolved, 'utf8')) {
    let diff = '';
    try {
      execFileSync('diff', ['-u', committed, resolved], { encoding: 'utf8' });
    } catch (error) {
      diff = String((error as { stdout?: string }).stdout ?? '');
    }
    process.stderr.write(
      `package-lock.json does not match the package.json files: run \`npm install\` and commit package-lock.json.\n${diff.split('\n').slice(0, 40).join('\n')}\n`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write('package-lock.json matches every package.json\n');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const { packages } = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string }; optional?: boolean; os?: string[] }>;
};
// '' is the root itself, whose engines is the pin. An optional package of another system (sharp's
// prebuilt binary for 32-bit Windows) is never installed where the project runs (Linux, decision 001).
const excluding = Object.entries(packages).filter(([where, { engines: wanted, optional, os }]) => {
  const range = wanted?.node;
  if (where === '') return false;
  if (optional && os && !os.includes('linux')) return false;
  return typeof range === 'string' && !semver.satisfies(engines.node, range, { includePrerelease: true });
});
for (const [where, { version, engines: wanted }] of excluding) {
  process.stderr.write(`${where}@${version} wants Node ${wanted?.node}, not the project's ${engines.node}\n`);
}
if (excluding.length > 0) process.exitCode = 1;
