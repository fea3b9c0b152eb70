export { Leaderboard } from './leaderboard.tsx';
