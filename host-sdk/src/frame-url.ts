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
 * Builds the iframe `src` for a frame page. Rejects what would make the frame load something else:
 * an origin with a path, query or credentials, a malformed language, or a path that climbs out.
 */
export function buildFrameUrl({ origin, lng, path = '' }: FrameUrlOptions): string {
  const base = new URL(origin);
  if (base.origin !== origin.replace(/\/$/, '')) throw new TypeError(`origin must be a bare origin: ${origin}`);
  if (lng !== undefined && !/^[a-z]{2}$/.test(lng)) throw new TypeError(`lng must be two lowercase letters: ${lng}`);
  const segments = path.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || s === '.')) throw new TypeError(`path may not contain dot segments: ${path}`);
  const route = [lng, ...segments.map(encodeURIComponent)].filter(Boolean).join('/');
  return `${base.origin}${FRAME_BASE_PATH}/${route}`;
}
