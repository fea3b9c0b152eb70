export { TakeDailyBonus } from './ui/take-daily-bonus.tsx';
