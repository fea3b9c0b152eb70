export { TakeDailyBonus } from './take-daily-bonus.tsx';
