export { PrizeTable } from './ui/prize-table.tsx';
