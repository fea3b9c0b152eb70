/** The game lists' paths and collections: plain values, apart from the lists' schemas (games.ts). */

/** Spec 7 game lists of two promotions (under the web API base). */
export const GAME_PATHS = {
  evasFavorites: '/external-api/evasfavorites/available',
  evaginariumMobile: '/evaginarium/mobile',
} as const;

/** Game collections a promotion page lists (the registry's `games` option names one). */
export const GAME_COLLECTIONS = ['evasfavorites', 'evaginarium'] as const;
export type GameCollection = (typeof GAME_COLLECTIONS)[number];
