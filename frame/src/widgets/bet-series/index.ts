export { BetSeries } from './bet-series.tsx';
