import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageSizes {
  js: Sizes;
  css: Sizes;
}

const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });

const measured = new Map<string, Sizes>();

/**
 * Byte sizes of one emitted file as served: raw, gzip -9 and brotli q11 (deterministic). Each file
 * is compressed once: every page type shares the entry chunk.
 */
export function fileSizes(distDir: string, file: string): Sizes {
  const full = path.join(distDir, file);
  let sizes = measured.get(full);
  if (!sizes) {
    const bytes = readFileSync(full);
    sizes = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    measured.set(full, sizes);
  }
  return sizes;
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically: what the browser must fetch before it runs. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** JS and CSS a page type loads before its first paint: the entry closure plus its route modules. */
export function pageSizes(distDir: string, manifest: Manifest, modules: string[]): PageSizes {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('manifest has no entry chunk');
  const keys = new Set<string>();
  for (const key of [entry, ...modules]) for (const k of closure(manifest, key)) keys.add(k);
  const jsFiles = [...keys].map((k) => manifest[k]?.file ?? '');
  const cssFiles = [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))];
  return {
    js: jsFiles.reduce((sum, f) => add(sum, fileSizes(distDir, f)), ZERO),
    css: cssFiles.reduce((sum, f) => add(sum, fileSizes(distDir, f)), ZERO),
  };
}

/** Every lazily loaded JS chunk with its sizes. */
export function lazyChunks(distDir: string, manifest: Manifest): Array<{ name: string; sizes: Sizes }> {
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && chunk.file.endsWith('.js'))
    .map(([key, chunk]) => ({ name: key, sizes: fileSizes(distDir, chunk.file) }));
}

/** KB as docs/performance.md counts them: 1024 bytes. */
export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
