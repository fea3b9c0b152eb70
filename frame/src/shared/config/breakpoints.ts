/**
 * Spec 9 screen widths, in CSS pixels: the one source of the frame's width media queries. The CSS
 * names them as custom media (`@media (--wide)`), which the build replaces with the queries below
 * (`breakpointMedia` in frame/vite.config.ts); code reads the same numbers (decision 031).
 */
export const BREAKPOINTS = {
  fullHd: 1920,
  desktop: 1366,
  laptop: 1100,
  /** Low resolution: narrower screens are phones, with one-column layouts (a tablet's portrait width). */
  lowResolution: 768,
  /** Small resolution: narrower phones get a 15 px root font, 16 px from it (spec 9). */
  smallResolution: 375,
} as const;

/**
 * Spec 9 meta-only-mobile-mode flag: when on, only the host's view type (isForceMobile from its
 * updateSiteConfig message or the view_type cookie, `<html data-view="mobile">`) chooses the
 * mobile layouts; when off (the default), a screen below the low resolution gets them too.
 */
export const META_ONLY_MOBILE_MODE = false;

/** The custom media the frame's CSS may name, each with the query it stands for. */
export function customMedia(metaOnlyMobileMode: boolean = META_ONLY_MOBILE_MODE): Record<string, string> {
  const from = (width: number) => `(width >= ${width}px)`;
  return {
    // The wide layouts (two columns); with the flag on, every width has them unless the host says mobile.
    wide: metaOnlyMobileMode ? 'all' : from(BREAKPOINTS.lowResolution),
    laptop: from(BREAKPOINTS.laptop),
    desktop: from(BREAKPOINTS.desktop),
    'full-hd': from(BREAKPOINTS.fullHd),
  };
}

/**
 * A media query's text with every `(--name)` replaced by its query; an unknown name throws, so a
 * typo fails the build instead of silently never matching.
 */
export function expandCustomMedia(params: string, media: Record<string, string> = customMedia()): string {
  return params.replace(/\(--([a-z][a-z0-9-]*)\)/g, (_, name: string) => {
    const query = media[name];
    if (query === undefined) throw new Error(`unknown custom media --${name}; known: ${Object.keys(media).join(', ')}`);
    return query;
  });
}
