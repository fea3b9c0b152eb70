import { defineMechanic } from './define.ts';

/** Spins earned by deposits and bets; each spin's prize is decided by the server at once. */
export const prizeWheel = defineMechanic('prize-wheel', {
  template: 'prize-wheel',
  widget: 'spin-wheel',
  prizeTiming: 'instant',
  terms: ['minDeposit', 'minOdds', 'minStake'],
});
