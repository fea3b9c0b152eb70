export { claimReward, promoCreditsQuery } from './api/credits.ts';
