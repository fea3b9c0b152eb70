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

/** What the server names in a page for each page family (frame/vite.config.ts, page-preloads). */
type PagePreloads = Record<string, { modules: string[]; styles: string[] }>;

function readPreloads(distDir: string): PagePreloads {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'page-preloads.json'), 'utf8')) as PagePreloads;
}

const initialKeys = (manifest: Manifest): Set<string> => {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('manifest has no entry chunk');
  return closure(manifest, entry);
};

/**
 * JS and CSS a page type loads before its first paint: the entry closure, and for a page family
 * what the server preloads for every page ('*') and for that family.
 */
export function pageSizes(distDir: string, manifest: Manifest, family?: string): PageSizes {
  const keys = initialKeys(manifest);
  const jsFiles = [...keys].map((k) => manifest[k]?.file ?? '');
  const cssFiles = [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))];
  if (family) {
    const preloads = readPreloads(distDir);
    for (const group of ['*', family]) {
      const preload = preloads[group];
      if (!preload) throw new Error(`page-preloads.json has no ${group}`);
      jsFiles.push(...preload.modules);
      cssFiles.push(...preload.styles.filter((file) => !cssFiles.includes(file)));
    }
  }
  return {
    js: [...new Set(jsFiles)].reduce((sum, f) => add(sum, fileSizes(distDir, f)), ZERO),
    css: cssFiles.reduce((sum, f) => add(sum, fileSizes(distDir, f)), ZERO),
  };
}

/** Every JS chunk loaded after the entry's (route, shared and mechanic chunks alike) with its sizes. */
export function lazyChunks(distDir: string, manifest: Manifest): Array<{ name: string; sizes: Sizes }> {
  const initial = new Set([...initialKeys(manifest)].map((key) => manifest[key]?.file));
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.file.endsWith('.js') && !initial.has(chunk.file))
    .map(([key, chunk]) => ({ name: key, sizes: fileSizes(distDir, chunk.file) }));
}

/** KB as docs/performance.md counts them: 1024 bytes. */
export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
