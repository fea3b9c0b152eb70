export { PromoCredits } from './promo-credits.tsx';
