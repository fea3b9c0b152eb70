export { claimReward, promoCreditsQuery } from './credits.ts';
