export { type PopupLink, PromoPopups } from './ui/promo-popups.tsx';
