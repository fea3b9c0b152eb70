import {
  type CasinoGame,
  type EvaginariumMobile,
  type EvasFavorites,
  type GameCollection,
  TOURNAMENT_RESTRICTED_COUNTRIES,
} from '@promo/contract';
import { arrayContains, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { casinoGames, users } from '../db/schema.ts';
import { promotionStatus, promotionWithTemplate } from './promotions.ts';

/** The promotions whose game lists these are (registry ids). */
const EVAS_FAVORITES_ID = 128;
const EVAGINARIUM_ID = 192;

async function gamesIn(db: Database, collection: GameCollection | 'evaginarium-mobile'): Promise<CasinoGame[]> {
  const rows = await db
    .select()
    .from(casinoGames)
    .where(arrayContains(casinoGames.collections, [collection]))
    .orderBy(asc(casinoGames.title));
  return rows.map(({ id, slug, title, provider, rtp }) => ({ id, slug, title, provider, rtp }));
}

/**
 * Eva's favourites: its free spins are open while the promotion runs, to visitors (to look) and
 * to players outside the restricted countries.
 */
export async function evasFavorites(db: Database, userId: number | null, now = new Date()): Promise<EvasFavorites> {
  const promotion = await promotionWithTemplate(db, EVAS_FAVORITES_ID, 'free-bet', "Eva's favourites");
  const games = await gamesIn(db, 'evasfavorites');
  if (promotionStatus(promotion, now) === 'ended') return { available: false, reason: 'ended', games };
  if (userId !== null) {
    const [user] = await db.select({ countryCode: users.countryCode }).from(users).where(eq(users.id, userId));
    if (!user || TOURNAMENT_RESTRICTED_COUNTRIES.has(user.countryCode)) {
      return { available: false, reason: 'region', games };
    }
  }
  return { available: true, reason: null, games };
}

/** The slots that count in the Evaginarium tournament on mobile. */
export async function evaginariumMobile(db: Database): Promise<EvaginariumMobile> {
  await promotionWithTemplate(db, EVAGINARIUM_ID, 'tournament', 'Evaginarium');
  return { promoId: EVAGINARIUM_ID, games: await gamesIn(db, 'evaginarium-mobile') };
}
