import { isLanguageCode } from '@promo/contract';

/** Where the frame is served on its origin. */
export const FRAME_BASE_PATH = '/promo-frame';

export interface FrameUrlOptions {
  /** Origin that serves the frame, e.g. `https://promo.example.com`. */
  origin: string;
  /** Two-letter language prefix; omitted means the frame resolves the language itself. */
  lng?: string;
  /** Frame route below the language, e.g. `lotto/results` or `promotion/spin-wheel`. */
  path?: string;
}

/**
 * The origin `value` names, when it is nothing but an origin (a trailing slash allowed); throws
 * for a path, query, credentials or anything unparsable, naming the option `name`.
 */
export function bareOrigin(value: string, name: string): string {
  const { origin } = new URL(value);
  if (origin !== value.replace(/\/$/, '')) throw new TypeError(`${name} must be a bare origin: ${value}`);
  return origin;
}

/**
 * Builds the iframe `src` for a frame page. Rejects what would make the frame load something else:
 * an origin with a path, query or credentials, a malformed language, or a path that climbs out.
 */
export function buildFrameUrl({ origin, lng, path = '' }: FrameUrlOptions): string {
  const base = bareOrigin(origin, 'origin');
  if (lng !== undefined && !isLanguageCode(lng)) throw new TypeError(`lng must be two lowercase letters: ${lng}`);
  const segments = path.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || s === '.')) throw new TypeError(`path may not contain dot segments: ${path}`);
  const route = [lng, ...segments.map(encodeURIComponent)].filter(Boolean).join('/');
  return `${base}${FRAME_BASE_PATH}/${route}`;
}
