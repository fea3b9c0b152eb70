export { evaginariumQuery, evasFavoritesQuery } from './api/games.ts';
export { promotionIndexQuery, promotionQuery } from './api/promotion.ts';
export { type PlaceholderSource, placeholderValues } from './lib/texts.ts';
export { PreviewAction } from './ui/preview-action.tsx';
export { type PrizeLike, prizeText, usePrizeLabel } from './ui/prize-label.ts';
export { PromoHeroArt } from './ui/promo-hero-art.tsx';
