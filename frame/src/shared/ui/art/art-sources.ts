import { mobileArtOf, webpArtOf } from '@promo/contract';
import { PHONE_MEDIA } from '../../config/constants.ts';
import { cdnUrl } from '../../lib/browser/cdn.ts';

/** One <source> of a <picture>: its file, its format and, for the phone variant, its media. */
export interface ArtSource {
  srcSet: string;
  type: string;
  media?: string;
}

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };
const typeOf = (path: string) => TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? '';

/**
 * What a <picture> of CMS art offers, best first (the browser takes the first source it can show):
 * at phone widths (`withMobile`, when the art has a phone variant) the phone variant as WebP, then
 * as its fallback; at other widths the art as WebP; the <img> itself, `src`, is the fallback. Every
 * file is on the CDN when it is used (`cdnBase`). Art without a WebP (an SVG) has no sources.
 */
export function artSources(
  path: string,
  cdnBase: string | null,
  withMobile: boolean,
): {
  sources: ArtSource[];
  src: string;
} {
  const at = (file: string) => cdnUrl(file, cdnBase);
  const webp = webpArtOf(path);
  if (!webp) return { sources: [], src: at(path) };
  const mobile = withMobile ? mobileArtOf(path) : undefined;
  const mobileWebp = mobile && webpArtOf(mobile);
  return {
    sources: [
      ...(mobile && mobileWebp
        ? [
            { srcSet: at(mobileWebp), type: 'image/webp', media: PHONE_MEDIA },
            { srcSet: at(mobile), type: typeOf(mobile), media: PHONE_MEDIA },
          ]
        : []),
      { srcSet: at(webp), type: 'image/webp' },
    ],
    src: at(path),
  };
}

const cssUrl = (url: string) => `url(${JSON.stringify(url)})`;

/**
 * The custom properties of CSS background art: its WebP and its fallback, which the stylesheet
 * picks by the page's webp / no-webp mark (index.html decides it before the first paint).
 */
export function artBackgroundVars(
  path: string,
  cdnBase: string | null,
): Record<'--art-webp' | '--art-fallback', string> {
  const fallback = cssUrl(cdnUrl(path, cdnBase));
  const webp = webpArtOf(path);
  return { '--art-webp': webp ? cssUrl(cdnUrl(webp, cdnBase)) : fallback, '--art-fallback': fallback };
}
