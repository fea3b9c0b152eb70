export { buyTicket, lotteryDrawsQuery, lottoAvailableQuery, lottoResultsQuery, ticketsQuery } from './api.ts';
export { type DrawSchedule, drawSchedule } from './schedule.ts';
export { Balls, lineText } from './ui/balls.tsx';
