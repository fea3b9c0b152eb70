export { CasinoGames } from './ui/casino-games.tsx';
