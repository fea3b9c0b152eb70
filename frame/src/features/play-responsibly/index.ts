export { PlayResponsibly, RESPONSIBLE_NOTICE_ID } from './play-responsibly.tsx';
