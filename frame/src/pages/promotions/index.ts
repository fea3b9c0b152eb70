export { promotionsLoader } from './promotions-loader.ts';
export { PromotionsPage } from './promotions-page.tsx';
