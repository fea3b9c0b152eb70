import type { CSSProperties } from 'react';
import { useCdnBase } from '../../lib/browser/use-cdn-base.ts';
import styles from './art.module.css';
import { artBackgroundVars } from './art-sources.ts';

/**
 * Decorative CMS art as a CSS background (decision 028): the WebP on a page marked webp, the PNG
 * or JPEG on one marked no-webp; on the CDN once its probe has answered. Hidden from assistive
 * technology; `className` gives it its size.
 */
export function ArtBackground({ src, className }: { src: string; className?: string }) {
  const style = artBackgroundVars(src, useCdnBase()) as CSSProperties;
  return <span aria-hidden="true" className={`${styles.background} ${className ?? ''}`.trim()} style={style} />;
}
