export { evaginariumQuery, evasFavoritesQuery } from './games.ts';
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
export { promotionIndexQuery, promotionQuery } from './promotion.ts';
export { fillText, type PlaceholderSource, placeholderValues } from './texts.ts';
export {
  participateTournament,
  ticketRatingQuery,
  tournamentQuery,
  tournamentResultsQuery,
  tournamentUserResultQuery,
  tournamentValidationQuery,
} from './tournament.ts';
export { type PrizeLike, prizeText, usePrizeLabel } from './ui/prize-label.ts';
export { PromoHeroArt } from './ui/promo-hero-art.tsx';
