import { defineMechanic } from './define.ts';

// The settled-bets mechanics whose credits the server decides from the operator feed: the page
// shows what the player was credited, and keeps showing it after the end (it is the player's).

/** The first qualifying single's stake back as a free bet when it loses. */
export const noRiskBet = defineMechanic('no-risk-bet', {
  template: 'free-bet',
  widget: 'promo-credits',
  widgetShown: 'always',
  prizeTiming: 'at-settlement',
  terms: ['betType', 'maxRefund', 'minOdds', 'minStake', 'validDays'],
});

/** A share of the week's net losses back, credited after the week. */
export const lossRefund = defineMechanic('loss-refund', {
  template: 'free-bet',
  widget: 'promo-credits',
  widgetShown: 'always',
  prizeTiming: 'after-period',
  terms: ['maxRefund', 'minStake', 'refundPercent', 'validDays'],
});

/** The stake back when an accumulator loses by one leg. */
export const doubleChance = defineMechanic('double-chance', {
  template: 'free-bet',
  widget: 'promo-credits',
  widgetShown: 'always',
  prizeTiming: 'at-settlement',
  terms: ['betType', 'maxRefund', 'minLegs', 'minOdds', 'minStake', 'validDays'],
});

/** A reward for verifying the account, claimed on the page. */
export const identificationBonus = defineMechanic('identification-bonus', {
  template: 'free-bet',
  widget: 'promo-credits',
  widgetShown: 'always',
  prizeTiming: 'instant',
  terms: ['validDays'],
});
