export { CasinoGames } from './casino-games.tsx';
