import { defineMechanic } from './define.ts';

// Prizes by step: each won bet in a row moves the player up a step.

export const accumulatorLadder = defineMechanic('accumulator-ladder', {
  template: 'bet-series',
  widget: 'bet-series',
  prizeTiming: 'at-settlement',
  prizeBasis: 'step',
  terms: ['betType', 'minLegs', 'minOdds', 'minStake'],
});

export const winStreak = defineMechanic('win-streak', {
  template: 'bet-series',
  widget: 'bet-series',
  prizeTiming: 'at-settlement',
  prizeBasis: 'step',
  terms: ['betType', 'minOdds', 'minStake', 'sportIds', 'stage'],
});
