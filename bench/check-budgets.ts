/**
 * Hard byte-budget gate of `npm test` (docs/performance.md): the initial JS (the chunks index.html loads,
 * the same for every page type), each lazy route chunk, and CSS per page type, in brotli bytes of
 * the production build (decision 006). The JS a page type needs for its first paint (initial plus
 * its route chunks) is printed beside it. Sizes do not vary between runs, so any excess is real.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kb, lazyChunks, pageSizes, readManifest } from './bundle-sizes.ts';
import { BUDGETS, PAGE_TYPES } from './page-types.ts';

const distDir = process.argv[2] ?? path.join(fileURLToPath(new URL('..', import.meta.url)), 'frame', 'dist');
const manifest = readManifest(distDir);
const failures: string[] = [];
const rows: string[] = [];

const initial = pageSizes(distDir, manifest).js;
rows.push(`initial JS (every page type) ${kb(initial.brotli)} KB br (${kb(initial.gzip)} gz, ${kb(initial.raw)} raw)`);
if (initial.brotli > BUDGETS.initialJs) {
  failures.push(`initial JS ${kb(initial.brotli)} KB > ${kb(BUDGETS.initialJs)} KB`);
}
for (const [name, { family }] of Object.entries(PAGE_TYPES)) {
  const { js, css } = pageSizes(distDir, manifest, family);
  rows.push(
    `${name.padEnd(12)} first-paint JS ${kb(js.brotli).padStart(6)} KB br (route chunks ${kb(js.brotli - initial.brotli).padStart(5)})   CSS ${kb(css.brotli).padStart(5)} KB br`,
  );
  if (css.brotli > BUDGETS.css) failures.push(`${name}: CSS ${kb(css.brotli)} KB > ${kb(BUDGETS.css)} KB`);
}
for (const { name, sizes } of lazyChunks(distDir, manifest)) {
  if (sizes.brotli > BUDGETS.lazyChunk) {
    failures.push(`lazy chunk ${name}: ${kb(sizes.brotli)} KB > ${kb(BUDGETS.lazyChunk)} KB`);
  }
}

console.log(
  `Byte budgets (brotli q11): initial JS <= ${kb(BUDGETS.initialJs)} KB, lazy chunk <= ${kb(BUDGETS.lazyChunk)} KB, CSS <= ${kb(BUDGETS.css)} KB`,
);
for (const row of rows) console.log(`  ${row}`);
if (failures.length > 0) {
  console.error(`Budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('All byte budgets met.');
