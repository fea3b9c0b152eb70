export { prefetchFooterDetails } from './model/footer-data.ts';
export { TimeZoneNote } from './ui/time-zone-note.tsx';
