export {
  betSeriesQuery,
  luckyChanceQuery,
  luckyDrawQuery,
  luckyTicketsQuery,
  makeForecast,
  takeLuckyTicket,
  utcDay,
  weeklyJackpotQuery,
} from './lucky-day.ts';
