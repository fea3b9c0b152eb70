export { evaginariumQuery, evasFavoritesQuery } from './games.ts';
export { promotionIndexQuery, promotionQuery } from './promotion.ts';
export { fillText, type PlaceholderSource, placeholderValues } from './texts.ts';
export { type PrizeLike, prizeText, usePrizeLabel } from './ui/prize-label.ts';
export { PromoHeroArt } from './ui/promo-hero-art.tsx';
