export { buyTicket, lotteryDrawsQuery, lottoAvailableQuery, lottoResultsQuery, ticketsQuery } from './api.ts';
export { Balls } from './ui/balls.tsx';
