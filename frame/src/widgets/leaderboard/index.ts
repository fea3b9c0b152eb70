export { BroadcastBoard } from './broadcast-board.tsx';
export { Leaderboard } from './leaderboard.tsx';
