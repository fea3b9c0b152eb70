export {
  betSeriesQuery,
  luckyChanceQuery,
  luckyDrawQuery,
  luckyTicketsQuery,
  makeForecast,
  takeLuckyTicket,
  utcDay,
  weeklyJackpotQuery,
} from './api/lucky-day.ts';
