export { promotionHydration, promotionLoader } from './api/promotion-route.ts';
export { loadAllMechanics } from './mechanics/index.ts';
export { PromotionPage } from './ui/promotion-page.tsx';
