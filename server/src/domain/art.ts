import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ART_FOLDER_PATHS,
  ART_PHONE_WIDTH,
  type ArtFolder,
  type ArtRefusal,
  type ArtType,
  mobileArtOf,
  webpArtOf,
} from '@promo/contract';
import DOMPurify from 'isomorphic-dompurify';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { httpError } from '../http-error.ts';
import { artRefusalText, type ProblemParams } from './problem-texts.ts';

/**
 * Art that operators upload (issue 42 item 2, decision 048), and the CMS art `npm run cms:art`
 * makes from its SVG sources: one code path from bytes to the files the frame reads.
 *
 * An upload is read in memory and checked before anything is written: its type by its first bytes
 * (never its name), its size, its pixel count from its header (before a pixel is decoded), that it
 * decodes whole, and for an SVG that it runs no code and refers to nothing outside itself. Then its
 * files are made (metadata stripped: sharp keeps none unless asked), and only then written.
 */

/** 40 MP: an 8000 × 5000 poster; a 20,000 × 20,000 bomb (400 MP) is refused unread (ART_MAX_PIXELS). */
export const DEFAULT_ART_MAX_PIXELS = 40_000_000;

/** Whether the bytes are one of the four types, by their signature; SVG by its root element. */
export function artTypeOf(bytes: Uint8Array): ArtType | null {
  const at = (offset: number, ...values: number[]) => values.every((value, index) => bytes[offset + index] === value);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return isSvgText(bytes) ? 'svg' : null;
}

/** SVG is text: UTF-8 without NULs whose first element, after a prolog and comments, is <svg>. */
function isSvgText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text);
}

/** An upload refused: its status, its code and the sentence in the operator's language. */
export class ArtRefused extends Error {
  readonly code: ArtRefusal;
  readonly params: ProblemParams;
  readonly status: number;
  constructor(code: ArtRefusal, params: ProblemParams) {
    super(artRefusalText(code, params));
    this.code = code;
    this.params = params;
    this.status = REFUSAL_STATUS[code];
  }
}

const REFUSAL_STATUS: Readonly<Record<ArtRefusal, number>> = {
  art_type: 415,
  art_name_mismatch: 415,
  art_too_large: 413,
  art_too_many_pixels: 422,
  art_corrupt: 422,
  art_svg_script: 422,
  art_svg_external: 422,
  art_exists: 409,
  art_in_use: 409,
};

/** The HTTP error of a refusal, worded in the request's language (the English in `detail`). */
export const artHttpError = (refused: ArtRefused, language: string) =>
  httpError(refused.status, artRefusalText(refused.code, refused.params, language), refused.code, refused.params);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const megapixels = (pixels: number) => `${(pixels / 1_000_000).toLocaleString('en', { maximumFractionDigits: 1 })} MP`;

/** Elements that run code or embed a document that could. */
const CODE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);
/** What an SVG may name inside an href: its own elements, or an embedded raster image. */
const SELF_CONTAINED = /^\s*(#|data:image\/(png|jpeg|gif|webp);base64,)/i;
const EXTERNAL_CSS = /@import|url\(\s*(?!['"]?\s*#)(?!['"]?\s*data:image\/)/i;

/**
 * An SVG checked and cleaned: refused (not silently cleaned) when it has a script, an event
 * handler, a foreignObject or a javascript: link (art_svg_script), or a reference outside itself
 * (an http or relative href, a url() or @import in its styles: art_svg_external); its metadata,
 * comments and editors' elements dropped. DOMPurify's SVG profile writes what stays.
 */
export function sanitizeSvg(bytes: Uint8Array, name: string): string {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  // An entity declaration can expand without bound or name a file: such an SVG is refused.
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(text)) throw new ArtRefused('art_svg_external', { name, what: '<!ENTITY>' });
  const stripped = text.replace(/<metadata[\s\S]*?<\/metadata>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const findings: { code: 'art_svg_script' | 'art_svg_external'; what: string }[] = [];
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    const tag = data.tagName.toLowerCase();
    if (CODE_ELEMENTS.has(tag)) findings.push({ code: 'art_svg_script', what: `<${data.tagName}>` });
    if (tag === 'style' && EXTERNAL_CSS.test(node.textContent ?? '')) {
      findings.push({ code: 'art_svg_external', what: '<style>' });
    }
  });
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    const attribute = data.attrName.toLowerCase();
    const value = data.attrValue;
    if (attribute.startsWith('on')) findings.push({ code: 'art_svg_script', what: data.attrName });
    else if (LINK_ATTRIBUTES.has(attribute) && !SELF_CONTAINED.test(value)) {
      const code = /^\s*(javascript|vbscript):/i.test(value) ? 'art_svg_script' : 'art_svg_external';
      findings.push({ code, what: `${data.attrName}="${value.slice(0, 60)}"` });
    } else if (EXTERNAL_CSS.test(value)) findings.push({ code: 'art_svg_external', what: data.attrName });
  });
  let clean: string;
  try {
    clean = DOMPurify.sanitize(stripped, { USE_PROFILES: { svg: true, svgFilters: true }, ADD_TAGS: ['use'] });
  } finally {
    DOMPurify.removeHooks('uponSanitizeElement');
    DOMPurify.removeHooks('uponSanitizeAttribute');
  }
  const first = findings.find((finding) => finding.code === 'art_svg_script') ?? findings[0];
  if (first) throw new ArtRefused(first.code, { name, what: first.what });
  if (!/^<svg[\s>]/.test(clean)) throw new ArtRefused('art_corrupt', { name });
  return clean;
}

/** A picture's files: the fallback (PNG or JPEG) and its WebP. */
export interface RasterPair {
  fallback: { ext: 'png' | 'jpg'; data: Buffer };
  webp: Buffer;
  width: number;
  height: number;
}

export interface RasterLimits {
  maxPixels: number;
}

/** The smaller of a full PNG and a palette-reduced one (what pngquant --skip-if-larger did). */
async function smallestPng(image: Sharp): Promise<Buffer> {
  const [full, reduced] = await Promise.all([
    image.clone().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer(),
    image.clone().png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 }).toBuffer(),
  ]);
  return reduced.length < full.length ? reduced : full;
}

/**
 * A picture's fallback and WebP at its size, or at most `width` wide: a JPEG stays JPEG, anything
 * else (PNG, WebP, SVG) gets a PNG fallback. EXIF orientation is applied, and no metadata is kept.
 * Refused when its header gives more pixels than the limit (before it is decoded) or it does not
 * decode whole.
 */
export async function rasterPair(
  input: Uint8Array,
  type: ArtType,
  name: string,
  limits: RasterLimits,
  width?: number,
): Promise<RasterPair> {
  const open = () => sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'truncated' });
  let meta: Metadata;
  try {
    // The header only (no pixel is decoded): the limit is checked here, with the numbers to say.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ArtRefused('art_corrupt', { name });
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > limits.maxPixels) {
    throw new ArtRefused('art_too_many_pixels', {
      name,
      pixels: `${meta.width} × ${meta.height} (${megapixels(pixels)})`,
      limit: megapixels(limits.maxPixels),
    });
  }
  try {
    let image = open().rotate();
    if (width) image = image.resize({ width, withoutEnlargement: true });
    // Decoded once: a truncated file fails here, before any output is made.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const decoded = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const [fallback, webp] = await Promise.all([
      type === 'jpeg' ? decoded.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer() : smallestPng(decoded),
      decoded.clone().webp({ quality: 75, effort: 6 }).toBuffer(),
    ]);
    return {
      fallback: { ext: type === 'jpeg' ? 'jpg' : 'png', data: fallback },
      webp,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (error instanceof ArtRefused) throw error;
    throw new ArtRefused('art_corrupt', { name });
  }
}

const NAMED_TYPES: Readonly<Record<string, ArtType>> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  svg: 'svg',
};

/** A file's name from an upload's name: a slug of it and the first 16 hex digits of its hash. */
export function artStem(name: string, hash: string): string {
  const base = name
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${base || 'art'}-${hash.slice(0, 16)}`;
}

/** An upload checked and made into its files, nothing written yet. */
export interface PreparedArt {
  hash: string;
  type: ArtType;
  width: number;
  height: number;
  bytes: number;
  /** What content names: the fallback. */
  path: string;
  /** Every file by its /genfiles/... path. */
  files: Map<string, Buffer>;
}

export interface ArtLimits extends RasterLimits {
  maxBytes: number;
}

/**
 * Checks an upload and makes its files (issue 42 item 2): the fallback and WebP under the
 * folder's spec path, for promotions the phone variant (at most ART_PHONE_WIDTH wide) and its WebP
 * under promotions/mobile by the same name, and for an SVG the sanitised SVG itself. Throws
 * ArtRefused; writes nothing.
 */
export async function prepareArt(
  bytes: Uint8Array,
  name: string,
  folder: ArtFolder,
  limits: ArtLimits,
): Promise<PreparedArt> {
  if (bytes.length > limits.maxBytes) {
    throw new ArtRefused('art_too_large', { name, size: mb(bytes.length), limit: mb(limits.maxBytes) });
  }
  const type = artTypeOf(bytes);
  if (!type) throw new ArtRefused('art_type', { name });
  // A name that says another of the four types is refused too: a PNG renamed .svg is a mistake or a trick.
  const named = NAMED_TYPES[/\.([A-Za-z]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''];
  if (named && named !== type) {
    throw new ArtRefused('art_name_mismatch', { name, named: named.toUpperCase(), actual: type.toUpperCase() });
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  const stem = artStem(name, hash);
  const files = new Map<string, Buffer>();
  let source: Uint8Array = bytes;
  if (type === 'svg') {
    const clean = Buffer.from(sanitizeSvg(bytes, name));
    files.set(`${ART_FOLDER_PATHS[folder]}/${stem}.svg`, clean);
    source = clean;
  }
  const full = await rasterPair(source, type, name, limits);
  const path = `${ART_FOLDER_PATHS[folder]}/${stem}.${full.fallback.ext}`;
  files.set(path, full.fallback.data);
  files.set(webpArtOf(path) ?? '', full.webp);
  const phonePath = mobileArtOf(path);
  if (phonePath) {
    const phone = await rasterPair(source, type, name, limits, ART_PHONE_WIDTH);
    files.set(phonePath, phone.fallback.data);
    files.set(webpArtOf(phonePath) ?? '', phone.webp);
  }
  return { hash, type, width: full.width, height: full.height, bytes: bytes.length, path, files };
}

/** Where a /genfiles/... path is in the art folder (which is served as /genfiles/). */
export const artFile = (dir: string, servedPath: string): string => {
  const relative = servedPath.replace(/^\/genfiles\//, '');
  if (relative === servedPath || relative.split('/').includes('..'))
    throw new Error(`not a genfiles path: ${servedPath}`);
  return path.join(dir, relative);
};

/**
 * Writes prepared files under `dir`: each to a temporary name first, then renamed, so a reader
 * never sees half a file; on a failure the ones written are removed again.
 */
export async function writeArtFiles(dir: string, files: ReadonlyMap<string, Buffer>): Promise<void> {
  const written: string[] = [];
  try {
    for (const [served, data] of files) {
      const file = artFile(dir, served);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
      written.push(file);
    }
  } catch (error) {
    await removeArtFiles(
      dir,
      written.map((file) => `/genfiles/${path.relative(dir, file)}`),
    );
    throw error;
  }
}

export async function removeArtFiles(dir: string, served: readonly string[]): Promise<void> {
  await Promise.all(served.map((file) => rm(artFile(dir, file), { force: true })));
}
