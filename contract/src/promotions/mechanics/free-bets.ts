import { defineMechanic } from './define.ts';

/** A free bet or free spins to take once a day. */
export const dailyGift = defineMechanic('daily-gift', {
  template: 'free-bet',
  widget: 'take-daily-bonus',
  prizeTiming: 'instant',
  terms: ['freespins', 'validDays'],
});

/** Free spins on featured games for a deposit; the page lists the games. */
export const featuredFreeSpins = defineMechanic('featured-free-spins', {
  template: 'free-bet',
  widget: null,
  prizeTiming: 'instant',
  terms: ['freespins', 'games', 'minDeposit', 'validDays', 'wager'],
});

/** A free bet for a bet on the featured match, given when the bet settles. */
export const matchFreeBet = defineMechanic('match-free-bet', {
  template: 'free-bet',
  widget: null,
  prizeTiming: 'at-settlement',
  terms: ['betType', 'minOdds', 'minStake', 'sportIds', 'stage', 'validDays'],
});

/** The stake back as a free bet when a match ends 0-0. */
export const goallessRefund = defineMechanic('goalless-refund', {
  template: 'free-bet',
  widget: null,
  prizeTiming: 'at-settlement',
  terms: ['betType', 'maxRefund', 'minStake', 'sportIds', 'validDays'],
});
