/**
 * Gate of `npm run test:budgets` (after the build): every module of the chunks index.html loads
 * comes from a folder or package that may enter the first chunk (bench/entry-rule.ts, decision 019).
 * Reads .vite/initial-modules.json, which the frame build writes (frame/vite.config.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryViolations } from './entry-rule.ts';

const distDir = process.argv[2] ?? path.join(fileURLToPath(new URL('..', import.meta.url)), 'frame', 'dist');
const { chunks, modules } = JSON.parse(readFileSync(path.join(distDir, '.vite', 'initial-modules.json'), 'utf8')) as {
  chunks: string[];
  modules: string[];
};

const violations = entryViolations(modules);
if (violations.length > 0) {
  console.error(`The first chunk holds modules it may not (docs/architecture.md):\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `First chunk (${chunks.join(', ')}): ${modules.length} modules, all from frame/src/app, frame/src/shared, contract/src or allowed packages.`,
);
