export { TimeZoneNote } from './time-zone-note.tsx';
