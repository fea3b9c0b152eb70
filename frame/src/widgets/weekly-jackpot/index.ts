export { WeeklyJackpot } from './weekly-jackpot.tsx';
