export { TakeLuckyTicket } from './take-lucky-ticket.tsx';
