import { z } from 'zod/mini';

export const casinoGameSchema = z.object({
  id: z.int(),
  slug: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  title: z.string(),
  provider: z.string(),
  /** Return to player, percent. */
  rtp: z.string().check(z.regex(/^\d{2}(\.\d{1,2})?$/)),
});
export type CasinoGame = z.infer<typeof casinoGameSchema>;

/**
 * GET evasfavorites/available: whether Eva's favourites free spins are open to the caller (not
 * for players of restricted countries, nor after the promotion), and the games they are played in.
 */
export const evasFavoritesSchema = z.object({
  available: z.boolean(),
  reason: z.nullable(z.enum(['region', 'ended'])),
  games: z.array(casinoGameSchema),
});
export type EvasFavorites = z.infer<typeof evasFavoritesSchema>;

/** GET evaginarium/mobile: the slots that count in the Evaginarium tournament on mobile. */
export const evaginariumMobileSchema = z.object({
  promoId: z.int(),
  games: z.array(casinoGameSchema),
});
export type EvaginariumMobile = z.infer<typeof evaginariumMobileSchema>;
