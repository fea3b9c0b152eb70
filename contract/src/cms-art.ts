import type { LotteryCode } from './lotto/lotteries.ts';

/**
 * Spec 7: the folders of CMS art under /genfiles/cms (decision 028). Raster art is a PNG or JPEG
 * (the fallback) with a WebP of the same name beside it; art in promotions/desktop has its phone
 * variant, under the same name, in promotions/mobile.
 */
export const CMS_ART_FOLDERS = {
  promotionsDesktop: '/genfiles/cms/promotions/desktop',
  promotionsMobile: '/genfiles/cms/promotions/mobile',
  cryptoPromotions: '/genfiles/cms/crypto-promotions',
  lotto: '/genfiles/cms/lotto',
} as const;

const RASTER = /\.(png|jpe?g)$/;

/** The WebP beside a raster CMS asset; undefined for any other file (an SVG is served as it is). */
export const webpArtOf = (path: string): string | undefined =>
  path.startsWith('/genfiles/cms/') && RASTER.test(path) ? path.replace(RASTER, '.webp') : undefined;

/** The phone variant of a desktop promotion's art; undefined for art that has none. */
export const mobileArtOf = (path: string): string | undefined => {
  const { promotionsDesktop, promotionsMobile } = CMS_ART_FOLDERS;
  return path.startsWith(`${promotionsDesktop}/`)
    ? `${promotionsMobile}${path.slice(promotionsDesktop.length)}`
    : undefined;
};

/** A lottery's emblem (the lottery list shows it). */
export const lotteryEmblemPath = (code: LotteryCode): string => `${CMS_ART_FOLDERS.lotto}/${code.toLowerCase()}.png`;
