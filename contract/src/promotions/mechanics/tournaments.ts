import { defineMechanic } from './define.ts';

// Players join, qualifying bets or rounds score points, places win prizes after the end; the
// standings stay on the page after it.

export const sportTournament = defineMechanic('sport-tournament', {
  template: 'tournament',
  widget: 'leaderboard',
  widgetShown: 'always',
  prizeTiming: 'after-end',
  terms: ['betType', 'minOdds', 'minStake', 'sportIds', 'stage'],
});

export const casinoTournament = defineMechanic('casino-tournament', {
  template: 'tournament',
  widget: 'leaderboard',
  widgetShown: 'always',
  prizeTiming: 'after-end',
  terms: ['games', 'minStake'],
});

export const crashTournament = defineMechanic('crash-tournament', {
  template: 'tournament',
  widget: 'leaderboard',
  widgetShown: 'always',
  prizeTiming: 'after-end',
  terms: ['games', 'minStake'],
});
