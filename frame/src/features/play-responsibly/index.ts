export { PlayResponsibly, RESPONSIBLE_NOTICE_ID } from './ui/play-responsibly.tsx';
