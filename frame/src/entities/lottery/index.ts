export { buyTicket, lotteryDrawsQuery, lottoAvailableQuery, lottoResultsQuery, ticketsQuery } from './api/lottery.ts';
export { type DrawSchedule, drawSchedule } from './lib/schedule.ts';
export { Balls, lineText } from './ui/balls.tsx';
