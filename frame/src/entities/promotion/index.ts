export { promotionQuery } from './promotion.ts';
export { joinWheel, spinWheel, wheelStateQuery } from './wheel.ts';
