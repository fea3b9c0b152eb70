export { BetsOnOwnPage } from './bets-on-own-page.tsx';
