export { JoinTournament } from './ui/join-tournament.tsx';
