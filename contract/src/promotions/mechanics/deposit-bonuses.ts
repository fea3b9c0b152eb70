import { defineMechanic } from './define.ts';

/** A bonus on a deposit: the player activates it, then deposits. */
export const depositMatch = defineMechanic('deposit-match', {
  template: 'deposit-bonus',
  widget: 'activate-bonus',
  prizeTiming: 'instant',
  terms: [
    'betType',
    'freespins',
    'maxBonus',
    'minDeposit',
    'minLegs',
    'minOdds',
    'percent',
    'sportIds',
    'stage',
    'validDays',
    'wager',
  ],
});

/** A deposit bonus on some weekdays only (lucky Friday). */
export const weekdayReload = defineMechanic('weekday-reload', {
  template: 'deposit-bonus',
  widget: 'activate-bonus',
  prizeTiming: 'instant',
  terms: ['maxBonus', 'minDeposit', 'percent', 'validDays', 'wager', 'weekdays'],
});

/** A deposit bonus for paying with a given method. */
export const paymentBonus = defineMechanic('payment-bonus', {
  template: 'deposit-bonus',
  widget: 'activate-bonus',
  prizeTiming: 'instant',
  terms: ['maxBonus', 'minDeposit', 'payment', 'percent', 'validDays', 'wager'],
});

/** The first-deposit bonus a new player chooses (sport or casino) when registering. */
export const welcomeChoice = defineMechanic('welcome-choice', {
  template: 'deposit-bonus',
  widget: 'choose-first-bonus',
  prizeTiming: 'instant',
  terms: ['freespins', 'minDeposit', 'percent'],
});
