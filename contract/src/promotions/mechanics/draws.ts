import { defineMechanic } from './define.ts';

/** A free ticket a day for that day's draw: there is no draw before the start or after the end. */
export const dailyDraw = defineMechanic('daily-draw', {
  template: 'lucky-day',
  widget: 'take-lucky-ticket',
  widgetShown: 'while-running',
  prizeTiming: 'after-draw',
  terms: [],
});

/** A ticket per qualifying bet in the week's jackpot draw; past draws stay readable. */
export const weeklyJackpot = defineMechanic('weekly-jackpot', {
  template: 'lucky-day',
  widget: 'weekly-jackpot',
  widgetShown: 'always',
  prizeTiming: 'after-draw',
  terms: ['minOdds', 'minStake'],
});
