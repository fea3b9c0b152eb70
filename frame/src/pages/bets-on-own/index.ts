export { BetsOnOwnPage } from './ui/bets-on-own-page.tsx';
