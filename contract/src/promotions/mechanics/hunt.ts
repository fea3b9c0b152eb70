import { defineMechanic } from './define.ts';

/** Qualifying bets let the player search for collectibles; the album and places stay after the end. */
export const collectHunt = defineMechanic('collect-hunt', {
  template: 'hunt',
  widget: 'search-hunt',
  widgetShown: 'always',
  prizeTiming: 'after-end',
  terms: ['collectible', 'minOdds', 'minStake', 'sportIds', 'stage'],
});
