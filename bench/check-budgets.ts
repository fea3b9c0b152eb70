/**
 * Hard byte-budget gate of `npm test` (PERFORMANCE.md): initial JS per page type, each lazy route
 * chunk and CSS per page type, in brotli bytes of the production build. Sizes do not vary between
 * runs, so any excess is a real regression.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kb, lazyChunks, pageSizes, readManifest } from './bundle-sizes.ts';
import { BUDGETS, PAGE_TYPES } from './page-types.ts';

const distDir = process.argv[2] ?? path.join(fileURLToPath(new URL('..', import.meta.url)), 'frame', 'dist');
const manifest = readManifest(distDir);
const failures: string[] = [];
const rows: string[] = [];

for (const [name, { modules }] of Object.entries(PAGE_TYPES)) {
  const { js, css } = pageSizes(distDir, manifest, modules);
  rows.push(
    `${name.padEnd(12)} JS ${kb(js.brotli).padStart(6)} KB br (${kb(js.gzip)} gz, ${kb(js.raw)} raw)   CSS ${kb(css.brotli).padStart(5)} KB br`,
  );
  if (js.brotli > BUDGETS.initialJs)
    failures.push(`${name}: initial JS ${kb(js.brotli)} KB > ${kb(BUDGETS.initialJs)} KB`);
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
