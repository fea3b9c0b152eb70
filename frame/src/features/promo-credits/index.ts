export { PromoCredits } from './ui/promo-credits.tsx';
