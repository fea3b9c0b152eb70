export { BroadcastBoard } from './ui/broadcast-board.tsx';
export { Leaderboard } from './ui/leaderboard.tsx';
