export { promotionHydration, promotionLoader } from './api/promotion-route.ts';
export { PromotionPage } from './ui/promotion-page.tsx';
