export { refreshStandings, useLiveStandings } from './use-live-standings.ts';
