export { WeeklyJackpot } from './ui/weekly-jackpot.tsx';
