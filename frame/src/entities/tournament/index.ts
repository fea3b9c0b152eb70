export {
  participateTournament,
  ticketRatingQuery,
  tournamentQuery,
  tournamentResultsQuery,
  tournamentUserResultQuery,
  tournamentValidationQuery,
} from './tournament.ts';
