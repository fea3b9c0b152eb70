/**
 * Game collections a promotion page lists (the registry's `games` option names one); their
 * endpoints are `PROMOTION_ENDPOINTS.evasFavorites` and `.evaginariumMobile` (payload.ts).
 */
export const GAME_COLLECTIONS = ['evasfavorites', 'evaginarium'] as const;
export type GameCollection = (typeof GAME_COLLECTIONS)[number];

/** Whether a promotion's `games` term names a collection its page lists. */
export const isGameCollection = (value: unknown): value is GameCollection =>
  (GAME_COLLECTIONS as readonly unknown[]).includes(value);
