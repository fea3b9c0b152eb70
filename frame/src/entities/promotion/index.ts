export { promotionQuery } from './promotion.ts';
