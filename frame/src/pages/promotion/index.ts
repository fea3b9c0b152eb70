export { PromotionPage } from './promotion-page.tsx';
export { promotionHydration, promotionLoader } from './promotion-route.ts';
