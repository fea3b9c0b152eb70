export { PromotionPage } from './promotion-page.tsx';
export { promotionLoader } from './promotion-route.ts';
