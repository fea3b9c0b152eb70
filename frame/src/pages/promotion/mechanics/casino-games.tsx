import { isGameCollection } from '@promo/contract';
import { CasinoGames } from '../../../widgets/casino-games/index.ts';
import type { FrameMechanic } from './types.ts';

/** The games a promotion's terms name (its own list beside its mechanic's widget). */
export const mechanic: FrameMechanic = {
  Widget: ({ promotion }) =>
    isGameCollection(promotion.terms.games) ? <CasinoGames collection={promotion.terms.games} /> : null,
};
