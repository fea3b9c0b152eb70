export { type PopupLink, PromoPopups } from './promo-popups.tsx';
