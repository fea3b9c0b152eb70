export { BetSeries } from './ui/bet-series.tsx';
