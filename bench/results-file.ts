import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * bench/results.md: `npm run bench` writes the file, and each other script owns a section of it
 * between `<!-- name -->` and `<!-- /name -->` (the similarity measure, the load test).
 */
const FILE = path.join(fileURLToPath(new URL('..', import.meta.url)), 'bench', 'results.md');
const SECTION = /<!-- ([\w-]+) -->[\s\S]*?<!-- \/\1 -->/g;

const read = () => (existsSync(FILE) ? readFileSync(FILE, 'utf8') : '');

/** Replaces the section `name` with `lines` (appended when the file has none), leaving the rest. */
export function writeResultsSection(name: string, lines: readonly string[]): void {
  const section = [`<!-- ${name} -->`, ...lines, `<!-- /${name} -->`].join('\n');
  const current = read();
  const existing = [...current.matchAll(SECTION)].find((match) => match[1] === name);
  writeFileSync(FILE, existing ? current.replace(existing[0], () => section) : `${current.trimEnd()}\n\n${section}\n`);
}

/** Writes the file anew from `lines`, keeping every section that another script owns. */
export function writeResults(lines: readonly string[]): void {
  const kept = [...read().matchAll(SECTION)].map((match) => match[0]);
  writeFileSync(FILE, [...lines, ...kept.flatMap((section) => [section, ''])].join('\n'));
}
