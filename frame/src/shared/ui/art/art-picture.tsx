import { useCdnBase } from '../../lib/browser/use-cdn-base.ts';
import styles from './art.module.css';
import { artSources } from './art-sources.ts';

interface Size {
  width: number;
  height: number;
}

/**
 * CMS art as a <picture> (decision 028): WebP where the browser shows it, the PNG or JPEG
 * otherwise; with `mobile` (the phone variant's size, so its box is reserved before it loads) the
 * phone variant at phone widths. On the CDN once its probe has answered.
 */
export function ArtPicture({
  src,
  alt,
  width,
  height,
  mobile,
  className,
}: Size & { src: string; alt: string; mobile?: Size; className?: string }) {
  const art = artSources(src, useCdnBase(), mobile !== undefined);
  const img = <img className={className} src={art.src} alt={alt} width={width} height={height} />;
  if (art.sources.length === 0) return img;
  return (
    <picture className={styles.picture}>
      {art.sources.map((source) => (
        <source key={`${source.media} ${source.type}`} {...source} {...(source.media ? mobile : undefined)} />
      ))}
      {img}
    </picture>
  );
}
