export { PrizeTable } from './prize-table.tsx';
