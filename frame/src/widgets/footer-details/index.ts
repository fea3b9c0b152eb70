export { TimeZoneNote } from './ui/time-zone-note.tsx';
