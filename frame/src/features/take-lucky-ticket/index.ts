export { TakeLuckyTicket } from './ui/take-lucky-ticket.tsx';
