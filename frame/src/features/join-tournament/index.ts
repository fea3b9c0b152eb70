export { JoinTournament } from './join-tournament.tsx';
