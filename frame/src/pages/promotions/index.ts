export { PromotionsPage } from './promotions-page.tsx';
