export { FOOTER_PARTS, prefetchFooterDetails } from './model/footer-data.ts';
export { TimeZoneNote } from './ui/time-zone-note.tsx';
