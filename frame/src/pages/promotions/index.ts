export { promotionsLoader } from './api/promotions-loader.ts';
export { PromotionsPage } from './ui/promotions-page.tsx';
