export { refreshStandings, useLiveStandings } from './model/use-live-standings.ts';
