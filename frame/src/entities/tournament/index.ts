export {
  participateTournament,
  ticketRatingQuery,
  tournamentQuery,
  tournamentResultsQuery,
  tournamentUserResultQuery,
  tournamentValidationQuery,
} from './api/tournament.ts';
